import { useEffect, useState } from 'react';

/**
 * Work that may wait a moment, run one piece per task: each piece gets its own task (setTimeout 0),
 * so twelve of them started together (the home rows' small charts, each a fetch) never make one
 * long task that holds a tap or a frame; whatever else is queued runs between them.
 */
const queue: (() => void)[] = [];
let scheduled = false;

function pump(): void {
  scheduled = false;
  queue.shift()?.();
  if (queue.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(pump, 0);
}

/** Queues `run` for a task of its own; the returned function takes it out again if it has not run. */
export function oneInItsOwnTask(run: () => void): () => void {
  queue.push(run);
  schedule();
  return () => {
    const at = queue.indexOf(run);
    if (at >= 0) queue.splice(at, 1);
  };
}

/**
 * False until `wanted` is true and then its turn in the queue above has come; true from then on.
 * `start` runs in that turn's task, outside React: work done there (a fetch) is not batched with
 * the other turns' into one commit, as React may render several turns' state changes together.
 * Pass a stable function (useCallback): a new one queues the turn again.
 */
export function useOwnTask(wanted: boolean, start?: () => void): boolean {
  const [turn, setTurn] = useState(false);
  useEffect(() => {
    if (!wanted || turn) return;
    return oneInItsOwnTask(() => {
      start?.();
      setTurn(true);
    });
  }, [wanted, turn, start]);
  return turn;
}
