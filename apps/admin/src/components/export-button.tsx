import { Button } from 'antd';
import { useState } from 'react';
import { t } from '../i18n';
import { type CsvColumn, csvFileName, downloadCsv, toCsv } from '../lib/csv';
import { showError } from '../lib/notify';

/**
 * Saves rows as a CSV file (exact amounts, ISO times): the rows on screen, or, with `loadAll`,
 * every row the current filters match (an audit export must not stop at the page shown).
 */
export function ExportButton<T>({
  name,
  columns,
  rows,
  loadAll,
}: {
  name: string;
  columns: readonly CsvColumn<T>[];
  rows: readonly T[];
  loadAll?: () => Promise<readonly T[]>;
}) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!loadAll) {
      downloadCsv(csvFileName(name), toCsv(columns, rows));
      return;
    }
    setBusy(true);
    try {
      downloadCsv(csvFileName(name), toCsv(columns, await loadAll()));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button disabled={rows.length === 0} loading={busy} onClick={() => void save()}>
      {t.common.exportCsv}
    </Button>
  );
}
