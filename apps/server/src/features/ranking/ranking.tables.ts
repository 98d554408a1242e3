/** The ranking tables of migration 0007_ranking, merged into the app's Database interface. */
declare module '../../db/schema.js' {
  interface Database {
    ranking_opt_ins: RankingOptInsTable;
    ranking_snapshot: RankingSnapshotTable;
    ranking_state: RankingStateTable;
  }
}

/** A real user's choice to appear on the board (1) or not (0); no row means not. */
export interface RankingOptInsTable {
  user_id: number;
  opted_in: number;
  updated_at: number;
}

/** One ranked trader as of the last refresh; the rates are derived from these sums when read. */
export interface RankingSnapshotTable {
  user_id: number;
  /** 1 for the leader, in the order of the refresh. */
  position: number;
  multiple: number;
  code: string;
  window_trades: number;
  window_wins: number;
  window_net_micros: number;
  window_margin_micros: number;
  total_trades: number;
  total_net_micros: number;
  total_margin_micros: number;
  computed_at: number;
}

export interface RankingStateTable {
  id: number;
  refreshed_at: number;
}
