import type { Generated } from 'kysely';

/** Real-name submissions (migration 0006). */
declare module '../../db/schema.js' {
  interface Database {
    kyc_submissions: KycSubmissionsTable;
  }
}

/** status: 1 waiting, 2 approved, 3 rejected (reason says why). At most one row in 1 or 2 per user. */
export interface KycSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  card_id: string;
  front_key: string;
  reverse_key: string;
  status: number;
  reason: string;
  created_at: number;
  decided_at: number | null;
  decided_by: string | null;
}
