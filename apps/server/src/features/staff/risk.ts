/**
 * The risk view of real money (demo accounts left out): the house's net exposure per instrument,
 * accounts by margin level (equity / used margin), the largest floating results, and today's money
 * in and out. Prices are this node's live quotes; the console polls it every couple of seconds.
 */
import type { StaffRisk } from '@meridian/contract';
import { floatingPnlMicros, TradingDecimal } from '@meridian/trading';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toMoney } from '../accounts/index.js';
import type { Clock } from '../identity/index.js';
import type { MarketService } from '../markets/index.js';
import { readSettings } from '../settings/index.js';
import { selectBalances } from '../trading/index.js';
import { selectFlowsSince, selectOpenPositions } from './desk.repository.js';

const LIST_SIZE = 20;

export async function riskView(
  db: Kysely<Database>,
  markets: MarketService,
  clock: Clock,
): Promise<StaffRisk> {
  const now = clock.now();
  const dayStart = now - (now % 86_400_000);
  const [positions, flows, levels] = await Promise.all([
    selectOpenPositions(db),
    selectFlowsSince(db, dayStart),
    readSettings(db, ['margin_call_level', 'stop_out_level']),
  ]);
  const marginCall = Number(levels.get('margin_call_level') ?? '100') || 100;
  const stopOut = Number(levels.get('stop_out_level') ?? '50') || 50;

  const exposure = new Map<
    number,
    { long: InstanceType<typeof TradingDecimal>; short: InstanceType<typeof TradingDecimal> }
  >();
  const accounts = new Map<number, { uid: string; margin: number; floating: number }>();
  const floating: StaffRisk['floating'] = [];
  for (const p of positions) {
    const inst = markets.instrument(p.instrumentId);
    if (!inst) continue;
    const side = p.side === 1 ? 'buy' : 'sell';
    const e = exposure.get(inst.id) ?? { long: new TradingDecimal(0), short: new TradingDecimal(0) };
    if (side === 'buy') e.long = e.long.plus(p.lots);
    else e.short = e.short.plus(p.lots);
    exposure.set(inst.id, e);
    const pnl = floatingPnlMicros({
      side,
      terms: { contractSize: inst.contractSize },
      lots: p.lots,
      openPrice: p.openPrice,
      quote: markets.quote(inst),
      quoteToUsd: markets.quoteToUsd(inst),
    });
    const a = accounts.get(p.userId) ?? { uid: p.uid, margin: 0, floating: 0 };
    a.margin += p.margin;
    a.floating += pnl;
    accounts.set(p.userId, a);
    floating.push({ order_id: p.id, user_id: p.userId, code: inst.code, pnl: toMoney(pnl) });
  }

  const balances = await selectBalances(db, [...accounts.keys()]);
  const margin = [...accounts.entries()]
    .map(([userId, a]) => {
      const b = balances.get(userId) ?? { freeMicros: 0, frozenMicros: 0, leavingMicros: 0 };
      // As the stop-out counts it: money on its way out (a pending withdrawal) backs nothing.
      const equity = b.freeMicros + b.frozenMicros - b.leavingMicros + a.floating;
      const level = a.margin > 0 ? new TradingDecimal(equity).div(a.margin).mul(100) : new TradingDecimal(0);
      return { userId, uid: a.uid, equity, margin: a.margin, level };
    })
    .sort((x, y) => x.level.comparedTo(y.level))
    .slice(0, LIST_SIZE)
    .map((a) => ({
      user_id: a.userId,
      uid: a.uid,
      equity: toMoney(a.equity),
      margin: toMoney(a.margin),
      level_pct: a.level.toFixed(2, TradingDecimal.ROUND_DOWN),
      near_stop_out: a.level.lt(marginCall),
    }));

  return {
    at: now,
    exposure: [...exposure.entries()].map(([id, e]) => {
      const inst = markets.requireInstrument(id);
      const q = markets.quote(inst);
      const mid = new TradingDecimal(q.bid).plus(q.ask).div(2);
      const net = e.long.minus(e.short);
      const usdMicros = net
        .mul(inst.contractSize)
        .mul(mid)
        .mul(markets.quoteToUsd(inst))
        .mul(1_000_000)
        .round();
      return {
        code: inst.code,
        long_lots: e.long.toString(),
        short_lots: e.short.toString(),
        net_lots: net.toString(),
        net_usd: toMoney(usdMicros.toNumber()),
      };
    }),
    margin,
    floating: floating.sort((a, b) => Math.abs(Number(b.pnl)) - Math.abs(Number(a.pnl))).slice(0, LIST_SIZE),
    today: {
      deposits: toMoney(flows.deposits),
      withdrawals: toMoney(flows.withdrawals),
      fees: toMoney(flows.fees),
    },
    stop_out_pct: String(stopOut),
  };
}
