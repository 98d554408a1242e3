import { defaultReceiveDecimals } from '@meridian/trading';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import './funding.schema.js';

/**
 * Placeholders in the right formats so a fresh install can be tried end to end. They belong to no
 * one: the operator replaces them with the broker's own addresses and accounts before going live.
 */
const DEPOSIT_ADDRESSES = [
  { currency_code: 'USDT', protocol_code: 'TRC20', address: 'Tn8aKvcNDkBzE1Py9XgPfgJ5LNu2yBDqcv', sort: 1 },
  {
    currency_code: 'USDT',
    protocol_code: 'ERC20',
    address: '0x920c98378a924963d93af72e267f7db1861536dd',
    sort: 2,
  },
  {
    currency_code: 'BTC',
    protocol_code: 'BTC',
    address: 'bc1qr5ju3dfz7j5ra7l9vp66xy4czjrveqf6yg4m9e',
    sort: 3,
  },
  {
    currency_code: 'ETH',
    protocol_code: 'ERC20',
    address: '0xadc2ed1b3f8950462d954259a0ffab02b37998f4',
    sort: 4,
  },
];

const DEPOSIT_BANKS = [
  {
    currency_code: 'USD',
    bank_name: 'Barclays Bank PLC',
    bank_address: '1 Churchill Place, London E14 5HP, United Kingdom',
    bank_swift: 'BARCGB22',
    payee_name: 'Meridian Markets Ltd',
    payee_account: 'GB33BUKB20201555555555',
    bank_remark: 'Write your UID in the payment reference.',
    sort: 1,
  },
  {
    currency_code: 'USD',
    bank_name: 'DBS Bank Ltd',
    bank_address: '12 Marina Boulevard, Singapore 018982',
    bank_swift: 'DBSSSGSG',
    payee_name: 'Meridian Markets Pte Ltd',
    payee_account: '0720-123456-7',
    bank_remark: 'Write your UID in the payment reference.',
    sort: 2,
  },
];

/** fee_type 1: draw_rate is a fixed USD fee; 2: a fraction of the amount. usd_price: units per USD. */
const DRAW_CURRENCIES = [
  { type: 1, code: 'USDT', protocol: 'TRC20', draw_rate: '1', fee_type: 1, usd_price: '1', sort: 1 },
  { type: 1, code: 'USDT', protocol: 'ERC20', draw_rate: '5', fee_type: 1, usd_price: '1', sort: 2 },
  { type: 1, code: 'BTC', protocol: 'BTC', draw_rate: '0.005', fee_type: 2, usd_price: '0.0000105', sort: 3 },
  { type: 1, code: 'ETH', protocol: 'ERC20', draw_rate: '0.005', fee_type: 2, usd_price: '0.00029', sort: 4 },
  { type: 2, code: 'USD', protocol: '', draw_rate: '0.01', fee_type: 2, usd_price: '1', sort: 5 },
  { type: 2, code: 'EUR', protocol: '', draw_rate: '15', fee_type: 1, usd_price: '0.92', sort: 6 },
];

async function isEmpty(
  db: Kysely<Database>,
  table: 'deposit_addresses' | 'deposit_banks' | 'draw_currencies',
): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Options are seeded into empty tables only: an operator's edits and removals survive restarts. */
export async function seedFunding(db: Kysely<Database>): Promise<void> {
  if (await isEmpty(db, 'deposit_addresses')) {
    await db
      .insertInto('deposit_addresses')
      .values(DEPOSIT_ADDRESSES.map((a) => ({ ...a, enabled: 1 })))
      .execute();
  }
  if (await isEmpty(db, 'deposit_banks')) {
    await db
      .insertInto('deposit_banks')
      .values(DEPOSIT_BANKS.map((b) => ({ ...b, enabled: 1 })))
      .execute();
  }
  if (await isEmpty(db, 'draw_currencies')) {
    await db
      .insertInto('draw_currencies')
      .values(
        DRAW_CURRENCIES.map((c) => ({ ...c, receive_decimals: defaultReceiveDecimals(c.code), enabled: 1 })),
      )
      .execute();
  }
}
