import {
  type OptInState,
  RANKING_LIMIT,
  RANKING_WINDOW_MS,
  type RankingEntry,
  type RankingList,
} from '@meridian/contract';
import { formatMicros } from '@meridian/trading';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { publicName } from '../identity/index.js';
import { instrumentById } from '../markets/index.js';
import {
  type ClosedTrade,
  rankTraders,
  ratePercent,
  type TraderFigures,
  traderFigures,
  winPercent,
} from './ranking.figures.js';
import {
  type BoardRow,
  replaceSnapshot,
  selectBoard,
  selectHistoryTotals,
  selectOptIn,
  selectPublicIdentity,
  selectRefreshedAt,
  selectWindowTrades,
  upsertOptIn,
} from './ranking.repository.js';

export interface RankingServiceOptions {
  db: Kysely<Database>;
  /** The market clock, so the window moves with the same time the trades were stamped with. */
  now: () => number;
}

export interface RefreshResult {
  at: number;
  ranked: number;
}

/**
 * Computes the board from closed trades (`refresh`, run on a schedule by the leader) and serves
 * the stored snapshot (`board`), so a read never aggregates trades.
 */
export class RankingService {
  private running: Promise<RefreshResult> | null = null;

  constructor(private readonly options: RankingServiceOptions) {}

  /** One refresh at a time; a call while one runs waits for it and then runs its own. */
  refresh(): Promise<RefreshResult> {
    const previous = this.running ?? Promise.resolve(null);
    const next = previous
      .catch(() => null)
      .then(() => this.compute())
      .finally(() => {
        if (this.running === next) this.running = null;
      });
    this.running = next;
    return next;
  }

  private async compute(): Promise<RefreshResult> {
    const { db } = this.options;
    const at = Math.floor(this.options.now());
    const [trades, totals] = await Promise.all([
      selectWindowTrades(db, at - RANKING_WINDOW_MS),
      selectHistoryTotals(db),
    ]);
    const windows = new Map<number, ClosedTrade[]>();
    for (const row of trades) {
      const list = windows.get(row.userId) ?? [];
      list.push({
        code: instrumentById(row.instrumentId)?.code ?? String(row.instrumentId),
        leverage: row.leverage,
        netMicros: row.pnlMicros - row.feeMicros,
        marginMicros: row.marginMicros,
      });
      windows.set(row.userId, list);
    }
    const ranked: TraderFigures[] = [];
    for (const total of totals) {
      const figures = traderFigures(total.userId, windows.get(total.userId) ?? [], total);
      if (figures) ranked.push(figures);
    }
    const board = rankTraders(ranked).map((f, i) => ({ ...f, position: i + 1 }));
    await replaceSnapshot(db, board, at);
    return { at, ranked: board.length };
  }

  async board(): Promise<RankingList> {
    const [rows, updatedAt] = await Promise.all([
      selectBoard(this.options.db, RANKING_LIMIT),
      selectRefreshedAt(this.options.db),
    ]);
    const strategies = this.strategies
      ? await this.strategies(rows.map((r) => r.userId))
      : new Map<number, RankedStrategy>();
    return {
      list: rows.map((row, i) => {
        const strategy = strategies.get(row.userId);
        if (!strategy) return entry(row, i + 1);
        // A built-in sample shows under its strategy's name (it has no person's name to mask).
        const named = strategy.sample ? { user: strategy.name } : {};
        return { ...entry(row, i + 1), strategy_id: strategy.id, ...named };
      }),
      updated_at: updatedAt,
    };
  }

  /** Set by copy trading: each trader's published strategy, which their entry opens. */
  useStrategyDirectory(lookup: (userIds: readonly number[]) => Promise<Map<number, RankedStrategy>>): void {
    this.strategies = lookup;
  }

  private strategies: ((userIds: readonly number[]) => Promise<Map<number, RankedStrategy>>) | undefined;

  async optIn(userId: number): Promise<OptInState> {
    const [on, who] = await Promise.all([
      selectOptIn(this.options.db, userId),
      selectPublicIdentity(this.options.db, userId),
    ]);
    return { on: on ? 1 : 0, user: who ? publicName(who) : '' };
  }

  async setOptIn(userId: number, on: boolean): Promise<OptInState> {
    await upsertOptIn(this.options.db, userId, on, Math.floor(this.options.now()));
    return this.optIn(userId);
  }
}

/** A ranked trader's published strategy, as copy trading tells the board. */
export interface RankedStrategy {
  id: number;
  name: string;
  sample: boolean;
}

function entry(row: BoardRow, rank: number): RankingEntry {
  return {
    rank,
    user: publicName(row),
    uid: row.uid,
    multiple: row.multiple,
    three_week_rate: ratePercent(row.windowNetMicros, row.windowMarginMicros),
    three_week_win: winPercent(row.windowWins, row.windowTrades),
    three_week_profit: formatMicros(row.windowNetMicros, 6),
    total_rate: ratePercent(row.totalNetMicros, row.totalMarginMicros),
    total_trade_num: row.totalTrades,
    code: row.code,
  };
}
