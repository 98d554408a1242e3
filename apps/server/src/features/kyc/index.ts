/**
 * KYC: real-name verification. The trader sends name, ID number and both pictures of the ID card
 * (uploaded through the uploads feature); the operator approves or refuses on the staff API.
 */
export { createKycFeature } from './kyc.feature.js';
export { isRealNameApproved } from './kyc.repository.js';
export type { KycSubmissionsTable } from './kyc.schema.js';
