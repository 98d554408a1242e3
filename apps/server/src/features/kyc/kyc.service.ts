import {
  type AuthCenter,
  REVIEW_DONE,
  REVIEW_NONE,
  REVIEW_WAITING,
  type RealNameForm,
} from '@meridian/contract';
import type { Kysely } from 'kysely';
import { inTransaction, type Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { UploadService } from '../uploads/index.js';
import {
  decideKyc,
  insertKyc,
  KYC_APPROVED,
  KYC_REJECTED,
  KYC_WAITING,
  type KycRow,
  selectKyc,
  selectKycPage,
  selectLatestKyc,
} from './kyc.repository.js';

export interface Decision {
  id: number;
  approve: boolean;
  operator: string;
  reason: string;
}

/** Real-name verification: one submission at a time; a refused one may be sent again. */
export class KycService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: UploadService,
    private readonly now: () => number = Date.now,
  ) {}

  /** A refused submission reads as "not submitted" with its reason, so the form shows again. */
  async center(userId: number): Promise<AuthCenter> {
    const latest = await selectLatestKyc(this.db, userId);
    if (!latest) return { review_status: REVIEW_NONE, name: '', card_id: '', reject_reason: '' };
    const review_status =
      latest.status === KYC_WAITING
        ? REVIEW_WAITING
        : latest.status === KYC_APPROVED
          ? REVIEW_DONE
          : REVIEW_NONE;
    return {
      review_status,
      name: latest.name,
      card_id: maskId(latest.cardId),
      reject_reason: latest.status === KYC_REJECTED ? latest.reason : '',
    };
  }

  async submit(userId: number, form: RealNameForm): Promise<AuthCenter> {
    if (!form.name) throw new AppError('name_required');
    if (!form.card_id) throw new AppError('id_number_required');
    if (!form.front_pic || !form.reverse_pic) throw new AppError('picture_required');
    const latest = await selectLatestKyc(this.db, userId);
    if (latest?.status === KYC_WAITING) throw new AppError('auth_pending');
    if (latest?.status === KYC_APPROVED) throw new AppError('auth_done');
    const frontKey = await this.uploads.ownedKey(userId, form.front_pic);
    const reverseKey = await this.uploads.ownedKey(userId, form.reverse_pic);
    try {
      await insertKyc(this.db, {
        userId,
        name: form.name,
        cardId: form.card_id,
        frontKey,
        reverseKey,
        createdAt: this.now(),
      });
    } catch (error) {
      // Two submissions raced past the check above: the partial unique index let one through.
      if (isUniqueViolation(error)) throw new AppError('auth_pending');
      throw error;
    }
    return this.center(userId);
  }

  /**
   * The operator's decision; a refusal needs a reason the trader will read. `inTx` runs in the
   * decision's transaction (the audit row), so both commit or neither.
   */
  async decide(decision: Decision, inTx: (trx: Tx, row: KycRow) => Promise<void>): Promise<KycRow> {
    if (!decision.approve && !decision.reason) {
      throw new AppError('validation_failed', { fields: 'reason' });
    }
    return inTransaction(this.db, async (trx) => {
      const done = await decideKyc(trx, decision.id, {
        status: decision.approve ? KYC_APPROVED : KYC_REJECTED,
        reason: decision.approve ? '' : decision.reason,
        at: this.now(),
        by: decision.operator.slice(0, 64),
      });
      const row = await selectKyc(trx, decision.id);
      if (!row) throw new AppError('record_not_found');
      if (!done) throw new AppError('record_already_decided');
      await inTx(trx, row);
      return row;
    });
  }

  list(status: number | undefined, page: number, pageSize: number) {
    return selectKycPage(this.db, status, pageSize, (page - 1) * pageSize);
  }
}

/** The trader sees their own ID number only partly: the page may be on a shared screen. */
export function maskId(cardId: string): string {
  if (cardId.length <= 4) return cardId;
  return `${'*'.repeat(cardId.length - 4)}${cardId.slice(-4)}`;
}
