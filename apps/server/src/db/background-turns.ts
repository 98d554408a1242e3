/**
 * Turns of the event loop for the work the server starts on its own (copy trading's fan-out, the
 * write queue's background batches, the trigger worker's resync), handed out ONE per turn.
 *
 * Each piece of background work runs a short slice and then waits for a turn, so that a request
 * read meanwhile is served. With plain `setImmediate`, every piece waiting when a check phase began
 * ran in that phase: the background batch's slice, the mirror's pages of copies, the next page's
 * read. A turn of the loop was their sum (often 1.5-2 ms with one provider and 1,000 followers),
 * and a request that arrived at its start was not even read before its end: most of the
 * provider's wait was there, not in its booking. Resumed one at a time, a turn holds one slice of
 * background work, and the loop polls for I/O between every two. The background work as a whole
 * does as much per second as before (a turn with nothing else to do costs a few µs); its pieces
 * take turns in the order they asked.
 */

const waiting: Array<() => void> = [];
let scheduled = false;
/** Run before each piece resumes (the copy thread's: give way to the server's requests). */
let gate: (() => void) | undefined;

/** Sets what runs before each piece of background work resumes (one per thread; undefined: none). */
export function setTurnGate(fn: (() => void) | undefined): void {
  gate = fn;
}
/** Requests' immediates set and not yet run (requestTurn). */
let requests = 0;

/**
 * Runs `fn` in this turn's check phase (as setImmediate does), ahead of the background piece due
 * in the same phase: that piece waits for the next turn. A request read in the poll phase (the
 * write queue starting a trader's batch) is then not served after a slice of background work that
 * was scheduled before it arrived.
 */
export function requestTurn(fn: () => void): void {
  requests++;
  setImmediate(() => {
    requests--;
    fn();
  });
}

/** Resolves in a later turn of the event loop, after every piece of background work that asked before. */
export function backgroundTurn(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(resumeOne);
}

/** Runs in the check phase; an immediate set from here runs in the next turn, after its poll for I/O. */
function resumeOne(): void {
  scheduled = false;
  // A request's immediate is due in this phase: the piece takes the next turn instead.
  if (requests > 0) {
    schedule();
    return;
  }
  const next = waiting.shift();
  if (waiting.length > 0) schedule();
  if (next) gate?.();
  next?.();
}
