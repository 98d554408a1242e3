const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/** Thousands separators on the whole part: "1234567" → "1,234,567". */
function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A Money string ("-1234.567890", 6 decimals) shown with 2 decimals and thousands separators,
 * half away from zero, on the digits themselves: never through a float. Text that is not a decimal
 * is returned unchanged.
 */
export function usd2(value: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const padded = fraction.padEnd(3, '0');
  let cents = BigInt(`${whole}${padded.slice(0, 2)}`);
  if (padded.charCodeAt(2) >= 53 /* '5' */) cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  const text = `${group(digits.slice(0, -2))}.${digits.slice(-2)}`;
  return sign && cents !== 0n ? `-${text}` : text;
}

/** Thousands separators on any decimal string, keeping every decimal ("1234.500000" → "1,234.500000"). */
export function groupDecimal(value: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction] = match;
  return `${sign}${group(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** The sign of a decimal string: -1, 0 or 1 (for colouring P&L), without parsing to a float. */
export function signOf(value: string): -1 | 0 | 1 {
  const match = DECIMAL.exec(value.trim());
  if (!match) return 0;
  const [, sign, whole = '', fraction = ''] = match;
  if (/^0*$/.test(whole + fraction)) return 0;
  return sign ? -1 : 1;
}
