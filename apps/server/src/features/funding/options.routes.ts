import { endpoints, type StaffFundingOptions } from '@meridian/contract';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { defineRoute, type RouteHost } from '../../http/route.js';
import type { Audit } from '../staff/index.js';
import {
  saveDepositAddress,
  saveDepositBank,
  selectFundingOptions,
  updateDrawCurrency,
} from './options.repository.js';

/**
 * The dealing desk's deposit and withdrawal options. Traders' reads query the tables on every
 * call, so a change is live on every node at once; each change writes its audit row with it.
 */
export function registerFundingOptionRoutes(host: RouteHost, db: Kysely<Database>, audit: Audit): void {
  const options = async (): Promise<StaffFundingOptions> => {
    const { addresses, banks, currencies } = await selectFundingOptions(db);
    return {
      deposit_addresses: addresses.map((a) => ({ ...a, id: Number(a.id), enabled: Number(a.enabled) === 1 })),
      deposit_banks: banks.map((b) => ({ ...b, id: Number(b.id), enabled: Number(b.enabled) === 1 })),
      draw_currencies: currencies.map((c) => ({
        id: Number(c.id),
        type: c.type,
        code: c.code,
        protocol: c.protocol,
        draw_rate: c.draw_rate,
        fee_type: c.fee_type,
        usd_price: c.usd_price,
        receive_decimals: Number(c.receive_decimals),
        enabled: Number(c.enabled) === 1,
        sort: c.sort,
      })),
    };
  };
  defineRoute(host, endpoints.staffFundingOptions, options);
  defineRoute(host, endpoints.staffDepositAddressSave, async ({ input, user, request }) => {
    const { id, ...v } = input;
    await inTransaction(db, async (trx) => {
      const values = { ...v, enabled: v.enabled ? 1 : 0 };
      if (!(await saveDepositAddress(trx, id ?? null, values))) throw new AppError('record_not_found');
      await audit.record(
        trx,
        user,
        'funding.deposit_address',
        `deposit_address:${id ?? 'new'}`,
        null,
        values,
        request.ip,
      );
    });
    return options();
  });
  defineRoute(host, endpoints.staffDepositBankSave, async ({ input, user, request }) => {
    const { id, ...v } = input;
    await inTransaction(db, async (trx) => {
      const values = { ...v, enabled: v.enabled ? 1 : 0 };
      if (!(await saveDepositBank(trx, id ?? null, values))) throw new AppError('record_not_found');
      await audit.record(
        trx,
        user,
        'funding.deposit_bank',
        `deposit_bank:${id ?? 'new'}`,
        null,
        values,
        request.ip,
      );
    });
    return options();
  });
  defineRoute(host, endpoints.staffDrawCurrencySave, async ({ input, user, request }) => {
    const { id, ...v } = input;
    await inTransaction(db, async (trx) => {
      const values = { ...v, enabled: v.enabled ? 1 : 0 };
      if (!(await updateDrawCurrency(trx, id, values))) throw new AppError('record_not_found');
      await audit.record(trx, user, 'funding.draw_currency', `draw_currency:${id}`, null, values, request.ip);
    });
    return options();
  });
}
