/** `?id=` as a positive integer, or null when it is missing or not a number. */
export function articleIdFrom(search: string): number | null {
  const raw = new URLSearchParams(search).get('id') ?? '';
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
