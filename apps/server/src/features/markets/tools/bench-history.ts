/**
 * Measures history generation for the whole catalogue: `npx tsx apps/server/src/features/markets/tools/bench-history.ts`.
 * Benchmarks live outside the tests, which never time things.
 */
import { performance } from 'node:perf_hooks';
import { INSTRUMENTS } from '../catalogue.js';
import { generateHistory } from '../history.js';
import { initialState } from '../model.js';

const nowMs = Date.now();
const started = performance.now();
let candles = 0;
for (const inst of INSTRUMENTS) {
  const history = generateHistory(inst, { nowMs, state: initialState(inst), seed: 1 });
  for (const list of Object.values(history)) candles += list.length;
}
const elapsed = performance.now() - started;
console.log(
  `${INSTRUMENTS.length} instruments × 6 periods: ${candles} candles in ${elapsed.toFixed(0)} ms ` +
    `(${((elapsed / INSTRUMENTS.length) * 1000).toFixed(0)} µs per instrument)`,
);
