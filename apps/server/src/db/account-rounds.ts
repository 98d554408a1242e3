import type { Tx } from './database.js';

/**
 * PostgreSQL: one statement for many accounts' bookings of one kind, where each would take its own
 * round trips. The bookings a transaction asks for together (the write queue starts a batch's
 * independent work at once, and each job asks for its booking before its first wait) are collected
 * for a microtask, then sent as one statement for each round of distinct accounts, in the order
 * asked: two bookings for one account still run one after the other, the second seeing the first
 * (a statement's UPDATE … FROM changes a row once, whatever number of input rows match it).
 *
 * `send` runs one round and returns each account's result; an account it leaves out resolves
 * undefined (the statement's guard refused it, and wrote nothing of it). A failing round rejects
 * every booking not yet answered.
 */
export function inAccountRounds<P extends { userId: number }, R>(
  send: (tx: Tx, round: P[]) => Promise<Map<number, R>>,
): (tx: Tx, booking: P) => Promise<R | undefined> {
  const waiting = new WeakMap<Tx, Waiting<P, R>[]>();
  const sendWaiting = async (tx: Tx): Promise<void> => {
    let rest = waiting.get(tx) ?? [];
    waiting.delete(tx);
    while (rest.length > 0) {
      const accounts = new Set<number>();
      const round: Waiting<P, R>[] = [];
      const later: Waiting<P, R>[] = [];
      for (const w of rest) {
        if (accounts.has(w.p.userId)) later.push(w);
        else {
          accounts.add(w.p.userId);
          round.push(w);
        }
      }
      try {
        const results = await send(
          tx,
          round.map((w) => w.p),
        );
        for (const w of round) w.resolve(results.get(w.p.userId));
      } catch (error) {
        for (const w of [...round, ...later]) w.reject(error);
        return;
      }
      rest = later;
    }
  };
  return (tx, p) =>
    new Promise((resolve, reject) => {
      let queued = waiting.get(tx);
      if (!queued) {
        queued = [];
        waiting.set(tx, queued);
        queueMicrotask(() => void sendWaiting(tx));
      }
      queued.push({ p, resolve, reject });
    });
}

interface Waiting<P, R> {
  p: P;
  resolve: (result: R | undefined) => void;
  reject: (error: unknown) => void;
}
