const p = (n: number) => String(n).padStart(2, '0');

/** Epoch milliseconds as local "2026-05-01 14:30:05". */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** Local "14:30:05". */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** For CSV files: ISO 8601 in UTC, unambiguous whoever opens the file. */
export function isoTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}
