import { groupDecimal, signOf, usd2 } from '../lib/money';

/** A Money string with 2 decimals; the full amount (6 decimals) on hover. */
export function Usd({ value, colored = false }: { value: string | null | undefined; colored?: boolean }) {
  if (value === null || value === undefined || value === '') return null;
  const sign = colored ? signOf(value) : 0;
  const className = `num${sign < 0 ? ' num-down' : sign > 0 ? ' num-up' : ''}`;
  return (
    <span className={className} title={`${groupDecimal(value)} USD`}>
      {usd2(value)}
    </span>
  );
}

/** A decimal string shown exactly as sent (prices, lots), in tabular figures. */
export function Num({ value }: { value: string | number }) {
  return <span className="num">{typeof value === 'number' ? String(value) : groupDecimal(value)}</span>;
}
