/**
 * Copy trading: strategies, copy accounts per (follower, strategy), the mirror of provider trades,
 * performance fees on a high-water mark, and strategy statistics.
 */
export { type CopyEngine, createCopyFeature } from './copy.feature.js';
export { COPY_LEDGER, CopyService, monthOf } from './copy.service.js';
export { CopyMirror } from './copy-mirror.js';
export { type MirrorThreadData, THREAD_CHANNELS, type ThreadControl } from './mirror-thread.js';
export { STRATEGIES_CHANNEL } from './providers.js';
