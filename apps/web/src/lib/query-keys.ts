/**
 * Query key factories (all → lists → list). The shell only needs the markets keys, to refresh the
 * trade list on / and /trade; features add theirs beside their queries.
 */
export const marketKeys = {
  all: ['markets'] as const,
  tradeList: () => [...marketKeys.all, 'trade_list'] as const,
};

export const userKeys = {
  all: ['user'] as const,
  info: () => [...userKeys.all, 'info'] as const,
  balance: () => [...userKeys.all, 'balance'] as const,
};
