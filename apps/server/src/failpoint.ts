/**
 * Named points where a test may have the server killed (SIGKILL, as a power cut or `kill -9`
 * would), to prove what a crash at exactly that instant leaves behind. Armed only by the
 * MERIDIAN_FAILPOINT environment variable (a comma-separated list of names), which the crash tests
 * set on the server processes they start; unset, `failpoint` is one Set lookup.
 *
 * Names: `idempotency.booking-uncommitted` (a keyed booking has written its answer, its transaction
 * has not committed), `idempotency.answer-committed` (committed, the answer not yet sent).
 */
const armed = new Set(
  (process.env.MERIDIAN_FAILPOINT ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0),
);

export function failpoint(name: string): void {
  if (armed.size > 0 && armed.has(name)) process.kill(process.pid, 'SIGKILL');
}
