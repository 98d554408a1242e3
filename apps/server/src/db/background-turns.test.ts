import { describe, expect, it } from 'vitest';
import { backgroundTurn, requestTurn } from './background-turns.js';

describe('background turns', () => {
  it('resume one piece of background work per turn of the event loop, in the order they asked', async () => {
    const log: string[] = [];
    const piece = async (name: string) => {
      for (let i = 0; i < 4; i++) {
        await backgroundTurn();
        log.push(name);
      }
    };
    // A plain immediate per turn of the loop marks where each turn's check phase is.
    let marking = true;
    const marks = (async () => {
      while (marking) {
        await new Promise<void>((next) => setImmediate(next));
        log.push('|');
      }
    })();
    await Promise.all([piece('a'), piece('b'), piece('c')]);
    marking = false;
    await marks;
    // With a plain setImmediate each, a, b and c all ran in every turn ("| a b c | a b c").
    const perTurn = log
      .join(' ')
      .split('|')
      .map((turn) => turn.trim())
      .filter((turn) => turn.length > 0);
    expect(perTurn.every((turn) => turn.length === 1)).toBe(true);
    expect(log.filter((entry) => entry !== '|').join('')).toBe('abcabcabcabc');
  });

  it('lets a timer due meanwhile run between two pieces of background work', async () => {
    const log: string[] = [];
    const busy = async (name: string) => {
      for (let i = 0; i < 3; i++) {
        await backgroundTurn();
        const until = performance.now() + 2;
        while (performance.now() < until) {
          // a slice of work that keeps the thread 2 ms
        }
        log.push(name);
      }
    };
    const timer = new Promise<void>((fired) =>
      setTimeout(() => {
        log.push('timer');
        fired();
      }, 1),
    );
    await Promise.all([busy('a'), busy('b'), timer]);
    // The timer was due during the first slice; it runs in the next turn's timers phase, before
    // the second piece's slice, not after every piece that was waiting.
    expect(log.indexOf('timer')).toBeLessThanOrEqual(1);
  });

  it("runs a request's start before the background piece due in the same turn, which takes the next", async () => {
    const log: string[] = [];
    // The piece asks first: its turn is due in the next check phase, before the request's.
    const piece = backgroundTurn().then(() => log.push('background'));
    const request = new Promise<void>((started) =>
      requestTurn(() => {
        log.push('request');
        started();
      }),
    );
    // With a plain setImmediate for the request, the piece's slice would run first.
    await Promise.all([piece, request]);
    expect(log).toEqual(['request', 'background']);
  });
});
