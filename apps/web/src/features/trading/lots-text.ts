/** Matches the i18next `t` for the plural lot count (a narrow signature keeps tests free of i18next types). */
export type LotsTranslator = (key: 'trading.lots_count', options: { count: number; lots: string }) => string;

/**
 * "1 lot", "0.01 lots", "2 лота": the plural form follows the language's rules for the number, and the
 * lots are printed exactly as given (the server's canonical text, never a float's).
 */
export function lotsText(t: LotsTranslator, lots: string): string {
  const count = Number(lots);
  return t('trading.lots_count', { count: Number.isFinite(count) ? count : 0, lots });
}
