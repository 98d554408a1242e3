/**
 * A small seeded PRNG so the simulator and the history generator are reproducible in tests and
 * from one server start to the next (a given seed always draws the same path).
 *
 * Public API:
 * - `createRng(seed)` → `Rng` with `next()` (uniform in [0, 1)), `normal()` (standard normal),
 *   `exponential(mean)`
 * - `seedFrom(...parts)` → a 32-bit seed from strings/numbers (e.g. `seedFrom('EURUSD', 42)`)
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal (mean 0, variance 1). */
  normal(): number;
  exponential(mean: number): number;
}

/** FNV-1a over the parts' text: stable across runs and platforms, unlike Math.random seeds. */
export function seedFrom(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for price noise (not for anything secret). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  let spare: number | undefined;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    normal() {
      if (spare !== undefined) {
        const s = spare;
        spare = undefined;
        return s;
      }
      // Box–Muller; 1 - u keeps the logarithm away from 0.
      const u = 1 - next();
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
    exponential(mean) {
      return -Math.log(1 - next()) * mean;
    },
  };
}
