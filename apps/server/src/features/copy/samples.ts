/**
 * The living demo: a few rule-based strategies run by clearly labelled demo accounts, so a
 * newcomer's documentary tab is not empty. Each trades through the real engine like any trader
 * (submit and close), on the leader only; their figures come from those trades, never typed in.
 * SAMPLE_STRATEGIES=off turns them off for a real deployment.
 */
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { OPENING_GRANT_MEMO, openAccount } from '../accounts/index.js';
import type { AuthUser } from '../identity/index.js';
import type { Candle, MarketService } from '../markets/index.js';
import type { RankingService } from '../ranking/index.js';
import { STATUS_HOLDING, selectUserOrders, type TradingEngine } from '../trading/index.js';
import type { CopyService } from './copy.service.js';

export type Signal = 'buy' | 'sell' | 'flat' | 'hold';

export interface SampleRule {
  key: string;
  name: string;
  desc: string;
  code: string;
  lots: string;
  leverage: number;
  /** The signal from closes, oldest first. */
  signal(closes: readonly number[], holding: 'buy' | 'sell' | null): Signal;
  /** Its emblem (an SVG the server renders into the strategy's picture): what the rule does, drawn. */
  picture: string;
}

/** An emblem on a diagonal gradient, 256 units square. */
function emblem(from: string, to: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="256" height="256" fill="url(#g)"/>${body}</svg>`;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** Moving-average cross: long while the 5-bar average is above the 20-bar one, short below. */
export function maCross(closes: readonly number[]): Signal {
  if (closes.length < 21) return 'hold';
  const fast = mean(closes.slice(-5));
  const slow = mean(closes.slice(-20));
  return fast > slow ? 'buy' : fast < slow ? 'sell' : 'hold';
}

/** Breakout: buy a close above the previous 20 bars' high, sell one below their low; else keep. */
export function breakout(closes: readonly number[]): Signal {
  if (closes.length < 21) return 'hold';
  const last = closes.at(-1) as number;
  const window = closes.slice(-21, -1);
  if (last > Math.max(...window)) return 'buy';
  if (last < Math.min(...window)) return 'sell';
  return 'hold';
}

/** Mean reversion: sell 2 deviations above the 20-bar mean, buy 2 below; flat back at the mean. */
export function meanReversion(closes: readonly number[], holding: 'buy' | 'sell' | null): Signal {
  if (closes.length < 20) return 'hold';
  const window = closes.slice(-20);
  const m = mean(window);
  const sd = Math.sqrt(mean(window.map((x) => (x - m) ** 2)));
  const last = closes.at(-1) as number;
  if (sd > 0 && last > m + 2 * sd) return 'sell';
  if (sd > 0 && last < m - 2 * sd) return 'buy';
  if ((holding === 'buy' && last >= m) || (holding === 'sell' && last <= m)) return 'flat';
  return 'hold';
}

/** Every sample's description ends with how its first-start history was traded (history()). */
const PAST_NOTE = ' At first start it traded the chart’s past on half-hour bars, then on one-minute bars.';

export const SAMPLE_RULES: readonly SampleRule[] = [
  {
    key: 'trend',
    name: 'Sample · Trend Rider',
    desc: `Built-in demo strategy: EUR/USD, 5/20 one-minute moving-average cross, always in the market.${PAST_NOTE}`,
    code: 'EURUSD',
    lots: '1',
    leverage: 30,
    signal: (closes) => maCross(closes),
    // A fast average crossing above a slow one.
    picture: emblem(
      '#1e3a8a',
      '#2563eb',
      '<path d="M24 176 C 80 168, 120 150, 232 96" fill="none" stroke="#93c5fd" stroke-width="12" stroke-linecap="round"/><path d="M24 208 C 70 202, 100 190, 128 142 S 190 62, 232 52" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round"/>',
    ),
  },
  {
    key: 'breakout',
    name: 'Sample · Gold Breakout',
    desc: `Built-in demo strategy: gold, trades one-minute closes beyond the last 20 bars’ range.${PAST_NOTE}`,
    code: 'XAUUSD',
    lots: '0.5',
    leverage: 10,
    signal: (closes) => breakout(closes),
    // A price leaving its range.
    picture: emblem(
      '#78350f',
      '#d97706',
      '<rect x="36" y="116" width="132" height="76" rx="6" fill="none" stroke="#fde68a" stroke-width="8" stroke-dasharray="14 10"/><polyline points="46,168 76,140 102,170 128,136 156,160 184,104 214,62" fill="none" stroke="#ffffff" stroke-width="14" stroke-linejoin="round" stroke-linecap="round"/><polygon points="234,38 194,52 222,80" fill="#ffffff"/>',
    ),
  },
  {
    key: 'revert',
    name: 'Sample · Cable Reverter',
    desc: `Built-in demo strategy: GBP/USD, fades two-deviation moves and exits at the 20-bar mean.${PAST_NOTE}`,
    code: 'GBPUSD',
    lots: '1',
    leverage: 20,
    signal: meanReversion,
    // A price swinging about its mean.
    picture: emblem(
      '#134e4a',
      '#0d9488',
      '<line x1="20" y1="128" x2="236" y2="128" stroke="#99f6e4" stroke-width="6" stroke-dasharray="12 10"/><path d="M22 128 C 48 44, 76 44, 102 128 S 156 212, 182 128 S 222 70, 236 96" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round"/>',
    ),
  },
];

/**
 * The message key of a sample strategy's description (`sample_desc_<rule>`), for a strategy flagged
 * sample under one of the rules' names; undefined for any other. The description stored with the
 * strategy is the English one; the API answers in the caller's language.
 */
export function sampleDescriptionKey(strategy: { name: string; is_sample: number }): string | undefined {
  if (strategy.is_sample !== 1) return undefined;
  const rule = SAMPLE_RULES.find((r) => r.name === strategy.name);
  return rule ? `sample_desc_${rule.key}` : undefined;
}

/** How often the samples look at their charts. */
export const SAMPLE_EVAL_MS = 20_000;
const SAMPLE_START_MICROS = 100_000_000_000;
/**
 * How much generated chart history the samples trade over at first start: the chart's one-minute
 * bars (1,000 by default, about 17 market hours), and before them its half-hour bars (about four
 * weeks), so a sample's three-week figures cover three weeks of trades.
 */
const SAMPLE_HISTORY_BARS = 1_000;
const MINUTE_S = 60;
const HALF_HOUR_S = 1_800;

/** A stretch of chart the rule runs over: candles of one period, oldest first. */
interface PastBars {
  candles: Candle[];
  seconds: number;
}

export class SampleStrategies {
  private readonly accounts = new Map<string, AuthUser>();

  constructor(
    private readonly d: {
      db: Db;
      trading: TradingEngine;
      markets: MarketService;
      copy: CopyService;
      ranking: RankingService | undefined;
      log: FastifyBaseLogger;
      now: () => number;
    },
  ) {}

  /**
   * Creates the sample accounts and their strategies once (found again by their strategy's name):
   * a demo account of kind 2 (a labelled sample, on the ranking like an opted-in trader), its
   * strategy, and its history: the rule run over the generated chart (history()), each trade booked
   * through the engine with its own times.
   */
  async ensure(): Promise<void> {
    const db = this.d.db.kysely;
    for (const rule of SAMPLE_RULES) {
      const found = await db
        .selectFrom('strategies')
        .select(['id', 'user_id'])
        .where('is_sample', '=', 1)
        .where('name', '=', rule.name)
        .executeTakeFirst();
      if (found) {
        this.accounts.set(rule.key, { userId: found.user_id, isDemo: true, sessionId: 0 });
        await this.picture(found.id, rule);
        continue;
      }
      const at = this.d.now();
      const user = await this.d.trading.queue.run(async (tx) => {
        const row = await tx
          .insertInto('users')
          .values({
            uid: String(randomInt(10_000_000, 100_000_000)),
            email: null,
            mobile: null,
            area_id: null,
            password_hash: null,
            is_demo: 1,
            kind: 2,
            demo_device_id: null,
            invite_code: null,
            invited_by: null,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row;
      }, 0);
      const account: AuthUser = { userId: user.id, isDemo: true, sessionId: 0 };
      this.accounts.set(rule.key, account);
      const history = await this.history(rule);
      // The account opens where its history starts, so the ledger reads in time order.
      await this.d.trading.queue.run(
        (tx) =>
          openAccount(tx, user.id, {
            amountMicros: SAMPLE_START_MICROS,
            memoKey: OPENING_GRANT_MEMO,
            at: history.startAt ?? at,
          }),
        user.id,
      );
      const published = await this.d.copy.publish(
        account,
        { name: rule.name, desc: rule.desc, fee_rate: '0', min_invest: '100' },
        { sample: true },
      );
      await this.picture(published.id, rule);
      await this.d.ranking?.setOptIn(user.id, true);
      await this.backfill(rule, account, history.past);
      this.d.copy.forgetStatistics();
    }
  }

  /** The sample's emblem as its picture, if it has none; a failure leaves the initials, logged. */
  private async picture(strategyId: number, rule: SampleRule): Promise<void> {
    await this.d.copy
      .giveDrawnAvatar(strategyId, rule.picture)
      .catch((err: unknown) =>
        this.d.log.warn({ err, sample: rule.key }, 'a sample strategy has no picture'),
      );
  }

  /**
   * The chart's past: its half-hour bars that end before its first one-minute bar, then its
   * one-minute bars up to the forming one (left out: it is not closed yet).
   */
  private async history(rule: SampleRule): Promise<{ past: PastBars[]; startAt: number | undefined }> {
    const inst = this.d.markets.instrument(rule.code);
    if (!inst) return { past: [], startAt: undefined };
    const minutes = (await this.d.markets.candles(inst, '1min', SAMPLE_HISTORY_BARS)).slice(0, -1);
    const firstMinute = minutes[0]?.time ?? Number.POSITIVE_INFINITY;
    const halfHours = (await this.d.markets.candles(inst, '30min', SAMPLE_HISTORY_BARS)).filter(
      (c) => c.time + HALF_HOUR_S <= firstMinute,
    );
    const first = halfHours[0] ?? minutes[0];
    return {
      past: [
        { candles: halfHours, seconds: HALF_HOUR_S },
        { candles: minutes, seconds: MINUTE_S },
      ],
      startAt: first ? first.time * 1000 : undefined,
    };
  }

  /**
   * Runs the rule over the past closes, a stretch at a time (its averages never mix half-hour and
   * one-minute closes; a trade open at the change is kept until the one-minute rule turns): at each
   * change of signal the open trade is closed and the new one opened at that bar's close (a mid
   * price: the generated history keeps no spread), at the bar's end.
   */
  private async backfill(rule: SampleRule, account: AuthUser, past: readonly PastBars[]): Promise<number> {
    const inst = this.d.markets.instrument(rule.code);
    if (!inst) return 0;
    type Open = { side: 'buy' | 'sell'; price: string; at: number };
    let open = null as Open | null;
    // Queued all at once (in order): the write queue books them in a few group commits.
    const bookings: Array<Promise<unknown>> = [];
    for (const { candles, seconds } of past) {
      const closes: number[] = [];
      for (const c of candles) {
        closes.push(Number(c.close));
        const at = (c.time + seconds) * 1000 - 1;
        const signal = rule.signal(closes, open?.side ?? null);
        if (signal === 'hold' || signal === open?.side) continue;
        if (open) {
          bookings.push(
            this.d.trading.service.bookPast(account, {
              instrumentId: inst.id,
              side: open.side,
              lots: rule.lots,
              leverage: rule.leverage,
              openPrice: open.price,
              openAt: open.at,
              closePrice: c.close,
              closeAt: at,
            }),
          );
        }
        open = signal === 'flat' ? null : { side: signal, price: c.close, at };
      }
    }
    const results = await Promise.allSettled(bookings);
    const booked = results.filter((r) => r.status === 'fulfilled').length;
    for (const r of results) if (r.status === 'rejected' && !(r.reason instanceof AppError)) throw r.reason;
    return booked;
  }

  /** One look at the charts: each sample opens, reverses or closes on its rule. */
  async evaluate(): Promise<void> {
    for (const rule of SAMPLE_RULES) {
      const account = this.accounts.get(rule.key);
      if (!account) continue;
      try {
        await this.step(rule, account);
      } catch (err) {
        if (err instanceof AppError) continue; // market closed, stale price, margin: try next time
        this.d.log.warn({ err, sample: rule.key }, 'sample strategy step failed');
      }
    }
  }

  private async step(rule: SampleRule, account: AuthUser): Promise<void> {
    const { markets, trading } = this.d;
    const inst = markets.instrument(rule.code);
    if (!inst || !markets.isOpen(inst)) return;
    const candles = await markets.candles(inst, '1min', 40);
    const closes = candles.map((c) => Number(c.close));
    const holdings = await selectUserOrders(this.d.db.kysely, account.userId, [STATUS_HOLDING]);
    const mine = holdings.filter((o) => o.instrumentId === inst.id);
    const side = mine[0]?.side ?? null;
    const signal = rule.signal(closes, side);
    if (signal === 'hold' || signal === side) return;
    for (const o of mine) await trading.service.close(account, o.id);
    if (signal === 'flat') return;
    await trading.service.submit(
      account,
      {
        type: signal === 'buy' ? 1 : 2,
        cont: rule.lots,
        forex_id: inst.id,
        status: 1,
        target_price: '0',
        target_profit_price: '0',
        stop_loss_price: '0',
        multiple: rule.leverage,
      },
      { byServer: true },
    );
  }
}
