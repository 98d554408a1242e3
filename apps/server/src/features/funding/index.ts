/**
 * Funding: deposits, withdrawals, payout methods and the operator's decisions on them. Pictures
 * (payment proofs) come from the uploads feature through `ctx.services.uploads`.
 */
export { createFundingFeature } from './funding.feature.js';
