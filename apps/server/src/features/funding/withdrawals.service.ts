import {
  type BindDrawMethodForm,
  DRAW_PAID,
  DRAW_REJECTED,
  type DrawCurrency,
  type DrawForm,
  type DrawMethod,
  type DrawRecord,
  groupThousands,
} from '@meridian/contract';
import { withdrawQuote } from '@meridian/trading';
import type { Kysely } from 'kysely';
import { inTransaction, type Tx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError, isAppError } from '../../http/app-error.js';
import { recordAnswer } from '../../http/idempotency.js';
import { parseAmount, postLedgerEntry, readBalance, toMoney, wholeCents } from '../accounts/index.js';
import type { AuthUser, StepUpProof } from '../identity/index.js';
import { RECORD_PAGE_SIZE } from './deposits.service.js';
import { checkMethodFields } from './validation.js';
import {
  approveWithdrawal,
  type DrawCurrencyRow,
  type DrawMethodRow,
  decideWithdrawal,
  deleteDrawMethod,
  insertDrawMethod,
  insertWithdrawal,
  selectDrawCurrencies,
  selectDrawCurrency,
  selectDrawMethods,
  selectWithdrawal,
  selectWithdrawalPage,
  type WithdrawalApprover,
  type WithdrawalRow,
} from './withdrawals.repository.js';

/** Checks a call must pass before it writes anything (built by guards.ts from identity and kyc). */
export interface WithdrawalGuards {
  /** The owner's proof: the authenticator code when two-factor authentication is on, else the password. */
  confirm(user: AuthUser, proof: StepUpProof, ip: string): Promise<void>;
  /** Throws real_name_required while the account must wait for an approved real-name review. */
  requireRealName(userId: number): Promise<void>;
  /** Throws withdrawals_frozen while compliance holds the account's withdrawals. */
  requireNotFrozen(userId: number): Promise<void>;
  /**
   * The loss on the account's open positions at current prices, in micros (0 in profit or with
   * none open): a withdrawal leaves it in the account (the trading feature's figure).
   */
  openLoss(userId: number): Promise<number>;
}

/** Who asks, for the owner's proof: the session and the client's address (the proof is throttled). */
export interface Caller {
  user: AuthUser;
  ip: string;
}

/** Approvals a withdrawal needs: two (four eyes) when its amount is above the threshold. */
export function approvalsNeeded(row: Pick<WithdrawalRow, 'amountMicros'>, fourEyesMicros: number): number {
  return row.amountMicros > fourEyesMicros ? 2 : 1;
}

/** Server locale keys of the withdrawal statuses (0 processing, 1 paid, 2 rejected). */
const STATUS_KEYS = ['draw_status_processing', 'draw_status_paid', 'draw_status_rejected'] as const;

/**
 * Withdrawals: payout methods, requests and the operator's decisions. Every movement of money goes
 * through postLedgerEntry in the same transaction as the record it belongs to.
 */
export class WithdrawalService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly guards: WithdrawalGuards,
    private readonly now: () => number = Date.now,
    /**
     * Called after a withdrawal is requested, paid or returned, with its account: the stop-out
     * monitor counts money on its way out as backing nothing (the trading feature's hook).
     */
    private readonly moved: (userId: number) => void = () => undefined,
  ) {}

  async currencies(type: number): Promise<DrawCurrency[]> {
    return (await selectDrawCurrencies(this.db, type)).map(toDrawCurrency);
  }

  async methods(userId: number, filter: { type?: number; drawCurrencyId?: number }): Promise<DrawMethod[]> {
    return (await selectDrawMethods(this.db, userId, filter)).map(toDrawMethod);
  }

  /** A new payout method: where money may go, so the owner's proof is checked last, before the write. */
  async bind({ user, ip }: Caller, form: BindDrawMethodForm): Promise<DrawMethod> {
    const { userId } = user;
    const currency = await selectDrawCurrency(this.db, form.draw_id);
    if (!currency || currency.type !== form.type) throw new AppError('draw_currency_not_found');
    const fields = checkMethodFields(form, currency.protocol);
    await this.guards.confirm(user, form, ip);
    const id = await insertDrawMethod(this.db, {
      userId,
      type: form.type,
      drawCurrencyId: currency.id,
      dcAddress: fields.dc_address,
      bankName: fields.bank_name,
      bankAddress: fields.bank_address,
      bankSwift: fields.bank_swift,
      payeeName: fields.payee_name,
      payeeAccount: fields.payee_account,
      createdAt: this.now(),
    });
    const [method] = await selectDrawMethods(this.db, userId, { id });
    if (!method) throw new Error(`Draw method ${id} vanished`);
    return toDrawMethod(method);
  }

  async unbind(userId: number, id: number): Promise<void> {
    if (!(await deleteDrawMethod(this.db, userId, id, this.now())))
      throw new AppError('draw_method_not_found');
  }

  /**
   * Moves the amount from free to frozen at once. The fee and the amount received follow spec
   * section 9 through packages/trading, the same code the app shows its estimate with. The
   * real-name gate comes first (the clearest answer); the owner's proof last, before the booking.
   */
  async request(
    { user, ip }: Caller,
    form: DrawForm,
    translate: (key: string) => string,
  ): Promise<DrawRecord> {
    const { userId } = user;
    await this.guards.requireNotFrozen(userId);
    await this.guards.requireRealName(userId);
    const currency = await selectDrawCurrency(this.db, form.draw_currency_id);
    if (!currency) throw new AppError('draw_currency_not_found');
    // Another user's method is "not found": the answer must not confirm that the id exists.
    const [method] = await selectDrawMethods(this.db, userId, { id: form.draw_method_id });
    if (!method) throw new AppError('draw_method_not_found');
    if (method.drawCurrencyId !== currency.id) throw new AppError('draw_method_invalid');
    const amountMicros = parseAmount(form.number);
    const quote = withdrawQuote({
      amountMicros,
      feeType: currency.feeType,
      drawRate: currency.drawRate,
      usdPrice: currency.usdPrice,
      receiveDecimals: currency.receiveDecimals,
    });
    if (!quote.payable) throw new AppError('amount_below_fee');
    await this.guards.confirm(user, form, ip);
    const openLoss = await this.guards.openLoss(userId);
    const at = this.now();
    try {
      const drawn = await inTransaction(this.db, async (trx) => {
        // A careful broker's rule: money out never exceeds the free margin. The free balance less
        // the loss open positions stand at is what is truly spare; paid out, the rest would leave
        // the positions unbacked (a stop-out, and the house covering the loss below zero). An open
        // profit is not money yet and adds nothing. A free balance short of the amount itself is
        // the ledger's refusal (balance_too_low) below.
        const { balanceMicros } = await readBalance(trx, userId);
        if (amountMicros <= balanceMicros && amountMicros > balanceMicros - openLoss) {
          throw new AppError('withdraw_above_free_margin', {
            max: groupThousands(wholeCents(balanceMicros - openLoss)),
          });
        }
        const withdrawalId = await insertWithdrawal(trx, {
          userId,
          type: currency.type,
          drawCurrencyId: currency.id,
          methodId: method.id,
          currencyCode: currency.code,
          protocol: currency.protocol,
          address: method.dcAddress,
          payeeAccount: method.payeeAccount,
          amountMicros,
          feeMicros: quote.feeMicros,
          receive: quote.receiveStr,
          memo: form.memo,
          createdAt: at,
        });
        await postLedgerEntry(trx, {
          userId,
          kind: 'withdraw_freeze',
          freeDelta: -amountMicros,
          frozenDelta: amountMicros,
          memoKey: 'ledger_withdraw_freeze',
          memoParams: { code: currency.code },
          refType: 'withdrawal',
          refId: withdrawalId,
          at,
        });
        const record = await this.record(withdrawalId, translate, trx);
        await recordAnswer(trx, () => record);
        return record;
      });
      this.moved(userId);
      return drawn;
    } catch (error) {
      // The ledger's guard speaks of margin; for a withdrawal say what is really short.
      if (isAppError(error) && error.key === 'insufficient_balance') throw new AppError('balance_too_low');
      throw error;
    }
  }

  async records(
    userId: number,
    type: number | undefined,
    page: number,
    translate: (key: string) => string,
  ): Promise<{ list: DrawRecord[]; total: number; page: number }> {
    const { rows, total } = await selectWithdrawalPage(
      this.db,
      { userId, type },
      RECORD_PAGE_SIZE,
      (page - 1) * RECORD_PAGE_SIZE,
    );
    return { list: rows.map((r) => toDrawRecord(r, translate)), total, page };
  }

  /**
   * The operator's decision. Paying takes the frozen amount out in two ledger lines — the net paid
   * out (`withdraw_paid`) and the fee the house keeps (`withdraw_fee`), so fee income is readable
   * from the ledger; rejecting returns the whole amount to the free balance. Status change and
   * ledger rows commit together, and only from "processing".
   */
  /**
   * One approval of a processing withdrawal. Up to `fourEyesMicros` one approval completes it;
   * above, a second approval by another member does (the automation token counts as one member).
   * `inTx` runs in the approval's transaction (the audit row).
   */
  async approve(
    id: number,
    approver: WithdrawalApprover,
    fourEyesMicros: number,
    inTx: (trx: Tx, row: WithdrawalRow) => Promise<void>,
  ): Promise<WithdrawalRow> {
    const at = this.now();
    return inTransaction(this.db, async (trx) => {
      const row = await selectWithdrawal(trx, id);
      if (!row) throw new AppError('record_not_found');
      if (row.status !== 0 || row.approvedAt !== null) throw new AppError('record_already_decided');
      const needed = approvalsNeeded(row, fourEyesMicros);
      const first = row.approvals[0];
      if (first && first.staffId === approver.staffId) throw new AppError('four_eyes_same_member');
      const slot = first ? 2 : 1;
      const approved = await approveWithdrawal(trx, id, slot, approver, at, slot >= needed);
      // Another approval landed between the read and the write: the guarded update took nothing.
      if (!approved) throw new AppError('record_already_decided');
      await inTx(trx, approved);
      return approved;
    });
  }

  /** Pays an approved withdrawal (its frozen amount and fee leave the account) with its reference. */
  async pay(
    id: number,
    by: string,
    reference: string,
    inTx: (trx: Tx, row: WithdrawalRow) => Promise<void>,
  ): Promise<WithdrawalRow> {
    const at = this.now();
    const row = await inTransaction(this.db, async (trx) => {
      const paid = await decideWithdrawal(trx, id, {
        status: DRAW_PAID,
        remark: '',
        at,
        by,
        reference,
        approved: true,
      });
      if (!paid) {
        const row = await selectWithdrawal(trx, id);
        if (!row) throw new AppError('record_not_found');
        throw new AppError(row.status !== 0 ? 'record_already_decided' : 'withdrawal_not_approved');
      }
      const entry = { userId: paid.userId, refType: 'withdrawal', refId: paid.id, at };
      const memoParams = { code: paid.currencyCode };
      // The fee never exceeds the amount (a request whose fee eats it all is refused), but a
      // record written before that rule must still balance: the fee line takes what is left.
      const feeMicros = Math.min(paid.feeMicros, paid.amountMicros);
      await postLedgerEntry(trx, {
        ...entry,
        kind: 'withdraw_paid',
        freeDelta: 0,
        frozenDelta: -(paid.amountMicros - feeMicros),
        memoKey: 'ledger_withdraw_paid',
        memoParams,
      });
      if (feeMicros > 0) {
        await postLedgerEntry(trx, {
          ...entry,
          kind: 'withdraw_fee',
          freeDelta: 0,
          frozenDelta: -feeMicros,
          memoKey: 'ledger_withdraw_fee',
          memoParams,
        });
      }
      await inTx(trx, paid);
      return paid;
    });
    this.moved(row.userId);
    return row;
  }

  /** Rejects a processing withdrawal (approved or not yet): its frozen amount returns to the free balance. */
  async reject(
    id: number,
    by: string,
    reason: string,
    inTx: (trx: Tx, row: WithdrawalRow) => Promise<void>,
  ): Promise<WithdrawalRow> {
    if (!reason) throw new AppError('validation_failed', { fields: 'reason' });
    const at = this.now();
    const row = await inTransaction(this.db, async (trx) => {
      const decided = await decideWithdrawal(trx, id, { status: DRAW_REJECTED, remark: reason, at, by });
      if (!decided) {
        throw new AppError((await selectWithdrawal(trx, id)) ? 'record_already_decided' : 'record_not_found');
      }
      await postLedgerEntry(trx, {
        userId: decided.userId,
        refType: 'withdrawal',
        refId: decided.id,
        at,
        kind: 'withdraw_returned',
        freeDelta: decided.amountMicros,
        frozenDelta: -decided.amountMicros,
        memoKey: 'ledger_withdraw_returned',
        memoParams: { code: decided.currencyCode },
      });
      await inTx(trx, decided);
      return decided;
    });
    this.moved(row.userId);
    return row;
  }

  list(filter: { status?: number }, page: number, pageSize: number) {
    return selectWithdrawalPage(this.db, filter, pageSize, (page - 1) * pageSize);
  }

  private async record(
    id: number,
    translate: (key: string) => string,
    db: Kysely<Database> | Tx = this.db,
  ): Promise<DrawRecord> {
    const row = await selectWithdrawal(db, id);
    if (!row) throw new Error(`Withdrawal ${id} vanished`);
    return toDrawRecord(row, translate);
  }
}

export function toDrawCurrency(r: DrawCurrencyRow): DrawCurrency {
  return {
    id: r.id,
    type: r.type === 2 ? 2 : 1,
    code: r.code,
    protocol: r.protocol,
    draw_rate: r.drawRate,
    fee_type: r.feeType,
    usd_price: r.usdPrice,
    receive_decimals: r.receiveDecimals,
  };
}

function toDrawMethod(m: DrawMethodRow): DrawMethod {
  return {
    id: m.id,
    type: m.type === 2 ? 2 : 1,
    draw_id: m.drawCurrencyId,
    dc_address: m.dcAddress,
    bank_name: m.bankName,
    bank_address: m.bankAddress,
    bank_swift: m.bankSwift,
    payee_name: m.payeeName,
    payee_account: m.payeeAccount,
    draw_currency: { code: m.code, protocol: m.protocol },
  };
}

export function toDrawRecord(r: WithdrawalRow, translate: (key: string) => string): DrawRecord {
  const status = (r.status === 1 || r.status === 2 ? r.status : 0) as DrawRecord['status'];
  return {
    id: r.id,
    number: toMoney(r.amountMicros),
    real_number: r.receive,
    fee: toMoney(r.feeMicros),
    status,
    status_name: translate(STATUS_KEYS[status]),
    created_at: r.createdAt,
    type: r.type === 2 ? 2 : 1,
    address: r.address,
    payee_account: r.payeeAccount,
    notes: r.memo,
    remark: r.remark,
    draw_currency: { code: r.currencyCode, protocol: r.protocol },
  };
}
