/**
 * Thousands separators on the whole part of a plain decimal string ("-1234.50" → "-1,234.50"), as
 * every screen shows amounts and prices, in every language; the server's messages use it too. A
 * module of its own, with no import: the web app's first screen uses it without loading zod.
 */
export function groupThousands(plain: string): string {
  const negative = plain.startsWith('-');
  const [whole = '0', fraction] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
