import { PATHS } from '../../lib/paths';

export const strategyPath = (id: number): string => `${PATHS.followStrategy}?id=${id}`;
export const copyPath = (copyId: number): string => `${PATHS.followCopy}?id=${copyId}`;

/** A positive integer id from the query string, or null when it is missing or malformed. */
export function idParam(search: string, name: string): number | null {
  const text = new URLSearchParams(search).get(name) ?? '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
