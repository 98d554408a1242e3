import type { TablePaginationConfig } from 'antd';
import { useSearchParams } from 'react-router';
import { fmt, t } from '../i18n';

/** The server's page size for every staff list. */
export const PAGE_SIZE = 50;

function readPage(text: string | null): number {
  const page = Number(text ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A list's status filter and page, kept in the address (`?status=0&page=2`) so that Back, reload and a
 * shared link show the same rows. `status=all` is every status; no `status` is the default one.
 */
export function useListParams(defaultStatus: number | undefined) {
  const [params, setParams] = useSearchParams();
  const statusText = params.get('status');
  const status =
    statusText === null
      ? defaultStatus
      : statusText === 'all' || !/^\d+$/.test(statusText)
        ? undefined
        : Number(statusText);
  const page = readPage(params.get('page'));

  const update = (changes: Record<string, string | null>) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  };

  return {
    status,
    page,
    params,
    setStatus: (value: number | undefined) =>
      update({ status: value === undefined ? 'all' : String(value), page: null }),
    setPage: (value: number) => update({ page: value === 1 ? null : String(value) }),
    update,
  };
}

/** Server-side paging: 50 a page, the total from the answer, no size changer. */
export function pagination(
  page: number,
  total: number | undefined,
  onChange: (page: number) => void,
): TablePaginationConfig {
  return {
    current: page,
    pageSize: PAGE_SIZE,
    total: total ?? 0,
    showSizeChanger: false,
    showTotal: (count) => (count === 1 ? t.common.record : fmt(t.common.records, { count })),
    onChange,
  };
}
