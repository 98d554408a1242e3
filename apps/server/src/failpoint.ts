/**
 * Named points where a test may have the server killed (SIGKILL, as a power cut or `kill -9`
 * would), to prove what a crash at exactly that instant leaves behind. Armed only by the
 * MERIDIAN_FAILPOINT environment variable (a comma-separated list of names, each with an optional
 * `@n`: the n-th time the point is passed, 1 by default), which the crash tests set on the server
 * processes they start; unset, `failpoint` is one check of an empty Map.
 *
 * Names: `idempotency.booking-uncommitted` (a keyed booking has written its answer, its transaction
 * has not committed), `idempotency.answer-committed` (committed, the answer not yet sent),
 * `copy.opening` and `copy.closing` (a copy's open or close of a provider's fan-out is booked,
 * its transaction and batch not committed).
 */
const armed = new Map<string, number>();
for (const entry of (process.env.MERIDIAN_FAILPOINT ?? '').split(',')) {
  const [name, at] = entry.trim().split('@');
  if (name) armed.set(name, Math.max(1, Number(at ?? 1) || 1));
}

export function failpoint(name: string): void {
  if (armed.size === 0) return;
  const left = armed.get(name);
  if (left === undefined) return;
  if (left > 1) armed.set(name, left - 1);
  else process.kill(process.pid, 'SIGKILL');
}
