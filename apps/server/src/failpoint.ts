/**
 * Named points where a test may have the server killed (SIGKILL, as a power cut or `kill -9`
 * would), to prove what a crash at exactly that instant leaves behind. Armed only by the
 * MERIDIAN_FAILPOINT environment variable (a comma-separated list of names, each with an optional
 * `@n`: the n-th time the point is passed, 1 by default, and an optional `:stop`), which the crash tests set on the server
 * processes they start; unset, `failpoint` is one check of an empty Map.
 *
 * Names: `idempotency.booking-uncommitted` (a keyed booking has written its answer, its transaction
 * has not committed), `idempotency.answer-committed` (committed, the answer not yet sent),
 * `copy.opening` and `copy.closing` (a copy's open or close of a provider's fan-out is booked,
 * its transaction and batch not committed).
 */
const armed = new Map<string, { left: number; signal: 'SIGKILL' | 'SIGSTOP' }>();
for (const entry of (process.env.MERIDIAN_FAILPOINT ?? '').split(',')) {
  const [point, action] = entry.trim().split(':');
  const [name, at] = (point ?? '').split('@');
  if (!name) continue;
  armed.set(name, {
    left: Math.max(1, Number(at ?? 1) || 1),
    // `:stop`: the process hangs there (SIGSTOP), every connection and lock held, until SIGCONT.
    signal: action === 'stop' ? 'SIGSTOP' : 'SIGKILL',
  });
}

export function failpoint(name: string): void {
  if (armed.size === 0) return;
  const point = armed.get(name);
  if (point === undefined || point.left === 0) return;
  point.left--;
  if (point.left === 0) process.kill(process.pid, point.signal);
}
