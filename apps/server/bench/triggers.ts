/**
 * npm run bench:triggers — the trigger index against a plain scan.
 *
 * In process: 100,000 holding orders with TP and SL and 10,000 pending orders over 30 instruments,
 * plus stop-out levels for their 10,000 users, in the worker's TriggerBook. Measures, per tick, the
 * index work only (TriggerBook.onTick: peeks, pops, validity checks; no database): the median and
 * p99 of a tick that triggers nothing and of one that triggers exactly 100 orders, and the same
 * ticks done by a plain scan of every open position. The timed index work includes parsing the
 * tick's bid and ask into scaled integers, as the worker does. Database writes (the closes the
 * fires start) are NOT included: each is one write-queue job, measured by bench:orders' path.
 */
import { formatPrice, parsePrice } from '../src/features/markets/price.js';
import type { Fire, IndexedOrder } from '../src/features/trading/trigger-book.js';
import { TriggerBook } from '../src/features/trading/trigger-book.js';

const INSTRUMENTS = 30;
const HOLDINGS = 100_000;
const PENDING = 10_000;
const USERS = 10_000;
const QUIET_TICKS = 50_000;
const TRIGGER_TICKS = 500;
const PRICE = 100_000; // every instrument trades around 1.00000 at precision 5

/** Deterministic PRNG (mulberry32) so every run builds the same book. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const rand = rng(7);
const book = new TriggerBook();
const orders: IndexedOrder[] = [];
// TP/SL at least 300 points (0.3 %) away, so the quiet ticks (±100 points) never reach any; the
// 100 orders of the "hot" instrument 0 with the nearest TP sit 150–160 points up.
for (let i = 0; i < HOLDINGS; i++) {
  const buy = rand() < 0.5;
  const tpDist = 300 + Math.floor(rand() * 3000);
  const slDist = 300 + Math.floor(rand() * 3000);
  orders.push({
    id: i + 1,
    userId: 1 + (i % USERS),
    instrumentId: i % INSTRUMENTS,
    side: buy ? 'buy' : 'sell',
    status: 1,
    version: 1,
    tpKey: buy ? PRICE + tpDist : PRICE - tpDist,
    slKey: buy ? PRICE - slDist : PRICE + slDist,
    targetKey: null,
    fillDirection: null,
  });
}
for (let i = 0; i < PENDING; i++) {
  const below = rand() < 0.5;
  const dist = 300 + Math.floor(rand() * 3000);
  orders.push({
    id: HOLDINGS + i + 1,
    userId: 1 + (i % USERS),
    instrumentId: i % INSTRUMENTS,
    side: rand() < 0.5 ? 'buy' : 'sell',
    status: 0,
    version: 1,
    tpKey: null,
    slKey: null,
    targetKey: below ? PRICE - dist : PRICE + dist,
    fillDirection: below ? 'at_or_below' : 'at_or_above',
  });
}
// 100 buys on instrument 0 whose TP is reached by a tick 160 points up.
const hot: IndexedOrder[] = [];
for (let i = 0; i < 100; i++) {
  const o = orders[i * INSTRUMENTS];
  if (!o) throw new Error('not enough orders');
  o.side = 'buy';
  o.tpKey = PRICE + 150 + (i % 10);
  o.slKey = PRICE - 5000;
  hot.push(o);
}
for (const o of orders) book.upsert(o);
for (let u = 1; u <= USERS; u++) {
  // Stop-out levels well away from the market (users with slack), two instruments each.
  book.setUserLevels(u, [
    { instrumentId: u % INSTRUMENTS, index: 'riskLong', key: PRICE - 4000 - (u % 500) },
    { instrumentId: (u + 7) % INSTRUMENTS, index: 'riskShort', key: PRICE + 4000 + (u % 500) },
  ]);
}

const fires: Fire[] = [];
function timeTick(instrumentId: number, bid: number): number {
  fires.length = 0;
  // The feed delivers decimal strings; the worker parses them on every tick.
  const bidText = formatPrice(bid, 5);
  const askText = formatPrice(bid + 8, 5);
  const t0 = process.hrtime.bigint();
  book.onTick(instrumentId, parsePrice(bidText, 5), parsePrice(askText, 5), fires);
  return Number(process.hrtime.bigint() - t0) / 1000;
}

/** The naive worker: every tick looks at every open order of the instrument. */
function scanTick(instrumentId: number, bid: number, out: number[]): number {
  const ask = bid + 8;
  const t0 = process.hrtime.bigint();
  out.length = 0;
  for (const o of orders) {
    if (o.instrumentId !== instrumentId) continue;
    if (o.status === 1) {
      const px = o.side === 'buy' ? bid : ask;
      const tpHit = o.tpKey !== null && (o.side === 'buy' ? px >= o.tpKey : px <= o.tpKey);
      const slHit = o.slKey !== null && (o.side === 'buy' ? px <= o.slKey : px >= o.slKey);
      if (tpHit || slHit) out.push(o.id);
    } else if (o.targetKey !== null) {
      const px = o.side === 'buy' ? ask : bid;
      if (o.fillDirection === 'at_or_below' ? px <= o.targetKey : px >= o.targetKey) out.push(o.id);
    }
  }
  return Number(process.hrtime.bigint() - t0) / 1000;
}

// Warm-up for the JIT.
for (let i = 0; i < 5000; i++) timeTick(i % INSTRUMENTS, PRICE - 100 + (i % 200));

const quiet: number[] = [];
for (let i = 0; i < QUIET_TICKS; i++) {
  quiet.push(timeTick(i % INSTRUMENTS, PRICE - 100 + Math.floor(rand() * 200)));
  if (fires.length > 0) throw new Error(`a quiet tick fired ${fires.length}`);
}

const hotTimes: number[] = [];
for (let i = 0; i < TRIGGER_TICKS; i++) {
  hotTimes.push(timeTick(0, PRICE + 160));
  if (fires.length !== 100) throw new Error(`the hot tick fired ${fires.length}, not 100`);
  // Back to where it was: the worker would have closed them; here they are re-armed untimed.
  for (const o of hot) book.release(o.id);
}

const scanQuiet: number[] = [];
const scanHot: number[] = [];
const hits: number[] = [];
for (let i = 0; i < 2000; i++)
  scanQuiet.push(scanTick(i % INSTRUMENTS, PRICE - 100 + Math.floor(rand() * 200), hits));
for (let i = 0; i < 200; i++) {
  scanHot.push(scanTick(0, PRICE + 160, hits));
  if (hits.length !== 100) throw new Error(`the scan found ${hits.length}, not 100`);
}

for (const a of [quiet, hotTimes, scanQuiet, scanHot]) a.sort((x, y) => x - y);
const fmt = (us: number) => `${us.toFixed(2)} µs`;
console.log(
  `bench:triggers — ${HOLDINGS.toLocaleString('en')} holding orders with TP+SL, ${PENDING.toLocaleString('en')} pending, ${USERS.toLocaleString('en')} users' stop-out levels, ${INSTRUMENTS} instruments (index work incl. price parsing; no database)`,
);
console.log(
  `quiet tick      index  median ${fmt(quantile(quiet, 0.5))}   p99 ${fmt(quantile(quiet, 0.99))}   (${QUIET_TICKS} ticks)`,
);
console.log(
  `100 triggered   index  median ${fmt(quantile(hotTimes, 0.5))}   p99 ${fmt(quantile(hotTimes, 0.99))}   (${TRIGGER_TICKS} ticks)`,
);
console.log(
  `quiet tick      scan   median ${fmt(quantile(scanQuiet, 0.5))}   p99 ${fmt(quantile(scanQuiet, 0.99))}`,
);
console.log(
  `100 triggered   scan   median ${fmt(quantile(scanHot, 0.5))}   p99 ${fmt(quantile(scanHot, 0.99))}`,
);
console.log(
  `ratio (scan / index, medians): quiet ×${(quantile(scanQuiet, 0.5) / quantile(quiet, 0.5)).toFixed(0)}, triggering ×${(quantile(scanHot, 0.5) / quantile(hotTimes, 0.5)).toFixed(1)}`,
);
console.log(`target ≤ 50 µs median quiet tick: ${quantile(quiet, 0.5) <= 50 ? 'met' : 'NOT met'}`);
