/** The leaders' ranking: what other features see of it. */
export { createRankingFeature } from './ranking.feature.js';
export type { RankingService } from './ranking.service.js';
