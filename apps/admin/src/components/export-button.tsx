import { Button } from 'antd';
import { t } from '../i18n';
import { type CsvColumn, csvFileName, downloadCsv, toCsv } from '../lib/csv';

/** Saves the rows on screen as a CSV file (exact amounts, ISO times). */
export function ExportButton<T>({
  name,
  columns,
  rows,
}: {
  name: string;
  columns: readonly CsvColumn<T>[];
  rows: readonly T[];
}) {
  return (
    <Button disabled={rows.length === 0} onClick={() => downloadCsv(csvFileName(name), toCsv(columns, rows))}>
      {t.common.exportCsv}
    </Button>
  );
}
