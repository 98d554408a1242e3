import {
  type BankOption,
  CHARGE_FINISHED,
  CHARGE_INVALID,
  CHARGE_REJECTED,
  CHARGE_TYPE_BANK,
  CHARGE_TYPE_COIN,
  type ChargeAddress,
  type ChargeRecord,
  type ChargeSubmitQuery,
  type ChargeSymbol,
  groupThousands,
  type WireSubmitQuery,
} from '@meridian/contract';
import { formatMicros } from '@meridian/trading';
import type { Kysely } from 'kysely';
import { inTransaction, type Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { recordAnswer } from '../../http/idempotency.js';
import { parseAmount, postLedgerEntry, toMoney } from '../accounts/index.js';
import { readSettings, SETTING_DEFAULTS } from '../settings/index.js';
import type { UploadService } from '../uploads/index.js';
import {
  type DepositRow,
  decideDeposit,
  insertDeposit,
  type NewDeposit,
  selectDeposit,
  selectDepositAddresses,
  selectDepositBanks,
  selectDepositPage,
} from './deposits.repository.js';

export const RECORD_PAGE_SIZE = 20;

export type DepositDecision = 'approve' | 'reject' | 'invalid';

/** Deposits: the trader declares a transfer with its proof; nothing is credited until an operator approves. */
export class DepositService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: UploadService,
    private readonly now: () => number = Date.now,
  ) {}

  async symbols(): Promise<ChargeSymbol[]> {
    const out = new Map<string, string[]>();
    for (const a of await selectDepositAddresses(this.db, undefined)) {
      const protocols = out.get(a.currencyCode) ?? [];
      if (!protocols.includes(a.protocolCode)) protocols.push(a.protocolCode);
      out.set(a.currencyCode, protocols);
    }
    return [...out].map(([currency_code, protocols]) => ({ currency_code, protocols }));
  }

  async addresses(currencyCode: string | undefined): Promise<ChargeAddress[]> {
    const rows = await selectDepositAddresses(this.db, currencyCode);
    return rows.map((r) => ({
      id: r.id,
      address: r.address,
      currency_code: r.currencyCode,
      protocol_code: r.protocolCode,
    }));
  }

  async banks(currencyCode: string | undefined): Promise<BankOption[]> {
    const rows = await selectDepositBanks(this.db, currencyCode);
    return rows.map((r) => ({
      id: r.id,
      bank_name: r.bankName,
      bank_address: r.bankAddress,
      bank_swift: r.bankSwift,
      payee_name: r.payeeName,
      payee_account: r.payeeAccount,
      bank_remark: r.bankRemark,
      currency_code: r.currencyCode,
    }));
  }

  async submitCoin(userId: number, input: ChargeSubmitQuery): Promise<ChargeRecord> {
    const amountMicros = parseAmount(input.number);
    const option = (await selectDepositAddresses(this.db, undefined)).find((a) => a.id === input.charge_id);
    if (!option) throw new AppError('deposit_option_not_found');
    await this.checkMinimum(amountMicros);
    const proofKey = await this.proof(userId, input.proofImg);
    return this.book({
      userId,
      type: CHARGE_TYPE_COIN,
      optionId: option.id,
      currencyCode: option.currencyCode,
      protocolCode: option.protocolCode,
      // The address the trader was shown is the option's; whatever the client echoes is not trusted.
      address: option.address,
      amountMicros,
      proofKey,
      createdAt: this.now(),
    });
  }

  async submitWire(userId: number, input: WireSubmitQuery): Promise<ChargeRecord> {
    const amountMicros = parseAmount(input.number);
    const option = (await selectDepositBanks(this.db, undefined)).find((b) => b.id === input.wire_id);
    if (!option) throw new AppError('deposit_option_not_found');
    await this.checkMinimum(amountMicros);
    const proofKey = await this.proof(userId, input.proofImg);
    return this.book({
      userId,
      type: CHARGE_TYPE_BANK,
      optionId: option.id,
      currencyCode: option.currencyCode,
      protocolCode: '',
      address: option.payeeAccount,
      amountMicros,
      proofKey,
      createdAt: this.now(),
    });
  }

  /**
   * The operator's minimum deposit (setting `min_deposit_micros`): below it a declared transfer
   * costs the operator a review for an amount not worth booking.
   */
  private async checkMinimum(amountMicros: number): Promise<void> {
    const stored = (await readSettings(this.db, ['min_deposit_micros'])).get('min_deposit_micros');
    const parsed = Number(stored ?? SETTING_DEFAULTS.min_deposit_micros);
    const min =
      Number.isSafeInteger(parsed) && parsed >= 0 ? parsed : Number(SETTING_DEFAULTS.min_deposit_micros);
    if (amountMicros < min)
      throw new AppError('deposit_below_minimum', { min: groupThousands(formatMicros(min, 2)) });
  }

  async records(userId: number, type: number | undefined, page: number) {
    const { rows, total } = await selectDepositPage(
      this.db,
      { userId, type },
      RECORD_PAGE_SIZE,
      (page - 1) * RECORD_PAGE_SIZE,
    );
    return { list: rows.map(toChargeRecord), total, page };
  }

  /**
   * The operator's decision. Approval credits the declared amount to the free balance in the same
   * transaction as the status change, so a deposit is credited once or not at all.
   */
  /** `inTx` runs in the decision's transaction (the audit row), so both commit or neither. */
  async decide(
    id: number,
    decision: DepositDecision,
    operator: string,
    reason: string,
    inTx: (trx: Tx, row: DepositRow) => Promise<void>,
  ): Promise<DepositRow> {
    if (decision !== 'approve' && !reason) throw new AppError('validation_failed', { fields: 'reason' });
    const status =
      decision === 'approve' ? CHARGE_FINISHED : decision === 'reject' ? CHARGE_REJECTED : CHARGE_INVALID;
    const at = this.now();
    return inTransaction(this.db, async (trx) => {
      const decided = await decideDeposit(trx, id, {
        status,
        remark: decision === 'approve' ? '' : reason,
        at,
        by: operator.slice(0, 64),
      });
      if (!decided) {
        throw new AppError((await selectDeposit(trx, id)) ? 'record_already_decided' : 'record_not_found');
      }
      if (decision === 'approve') {
        await postLedgerEntry(trx, {
          userId: decided.userId,
          kind: 'deposit',
          freeDelta: decided.amountMicros,
          frozenDelta: 0,
          memoKey: 'ledger_deposit_credit',
          memoParams: { code: decided.currencyCode },
          refType: 'deposit',
          refId: decided.id,
          at,
        });
      }
      await inTx(trx, decided);
      return decided;
    });
  }

  list(filter: { status?: number }, page: number, pageSize: number) {
    return selectDepositPage(this.db, filter, pageSize, (page - 1) * pageSize);
  }

  private async proof(userId: number, ref: string): Promise<string> {
    if (!ref) throw new AppError('picture_required');
    return this.uploads.ownedKey(userId, ref);
  }

  /** The claim and, for a keyed request, its answer in one transaction (recordAnswer). */
  private book(deposit: NewDeposit): Promise<ChargeRecord> {
    return inTransaction(this.db, async (trx) => {
      const id = await insertDeposit(trx, deposit);
      const row = await selectDeposit(trx, id);
      if (!row) throw new Error(`Deposit ${id} vanished`);
      const record = toChargeRecord(row);
      await recordAnswer(trx, () => record);
      return record;
    });
  }
}

export function toChargeRecord(row: DepositRow): ChargeRecord {
  return {
    id: row.id,
    number: toMoney(row.amountMicros),
    type: row.type === CHARGE_TYPE_BANK ? 1 : 0,
    currency_code: row.currencyCode,
    status: row.status as ChargeRecord['status'],
    created_at: row.createdAt,
    remark: row.remark,
  };
}
