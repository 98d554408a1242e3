/** Spec: a credit score below 1 is shown as 100 (a fresh account has not been scored yet). */
export function displayCreditScore(score: number | string | null | undefined): string {
  const n = Number(score ?? 0);
  if (!Number.isFinite(n) || n < 1) return '100';
  return String(n);
}
