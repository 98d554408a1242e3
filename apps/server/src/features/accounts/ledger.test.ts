import { ERRORS } from '@meridian/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, inTransaction } from '../../db/database.js';
import { isAppError } from '../../http/app-error.js';
import { insertFundedUser } from '../../test/accounts.js';
import { useMigratedDatabase } from '../../test/database.js';
import { createRng } from '../markets/index.js';
import { seedSettings } from '../settings/settings.seed.js';
import { sumLedger } from './accounts.repository.js';
import {
  moveOrderCounts,
  postLedgerEntry,
  readBalance,
  readLedgerPage,
  tryPostLedgerPair,
} from './ledger.js';

let db: Db;
let nextUserId = 1;
useMigratedDatabase(async (opened) => {
  db = opened;
  await seedSettings(db.kysely);
});

/** A bare user row and an account with `openingMicros`: the ledger needs nothing more. */
const newAccount = (openingMicros: number) =>
  insertFundedUser(db, String(10_000_000 + nextUserId++), openingMicros, 1);

async function expectConserved(userId: number): Promise<void> {
  const balance = await readBalance(db.kysely, userId);
  const sums = await sumLedger(db.kysely, userId);
  expect(balance.balanceMicros).toBe(sums.freeMicros);
  expect(balance.frozenMicros).toBe(sums.frozenMicros);
  expect(balance.balanceMicros).toBeGreaterThanOrEqual(0);
  expect(balance.frozenMicros).toBeGreaterThanOrEqual(0);
}

describe('postLedgerEntry', () => {
  it('books a movement and its ledger row together', async () => {
    const user = await newAccount(1_000_000);
    const posted = await inTransaction(db, (trx) =>
      postLedgerEntry(trx, {
        userId: user,
        kind: 'margin_freeze',
        freeDelta: -400_000,
        frozenDelta: 400_000,
        memoKey: 'ledger_demo_grant',
        memoParams: { code: 'EURUSD' },
        refType: 'order',
        refId: 7,
        at: 5,
      }),
    );
    expect(posted).toMatchObject({ balanceMicros: 600_000, frozenMicros: 400_000 });
    const { rows, total } = await readLedgerPage(db.kysely, user, 1);
    expect(total).toBe(2);
    expect(rows[0]).toMatchObject({
      kind: 'margin_freeze',
      freeDeltaMicros: -400_000,
      frozenDeltaMicros: 400_000,
      balanceAfterMicros: 600_000,
      frozenAfterMicros: 400_000,
      memoParams: '{"code":"EURUSD"}',
      refType: 'order',
      refId: 7,
      createdAt: 5,
    });
    expect(rows[1]).toMatchObject({ kind: 'opening_grant', freeDeltaMicros: 1_000_000, createdAt: 1 });
  });

  it('refuses a movement below zero with insufficient_balance and writes nothing', async () => {
    const user = await newAccount(100);
    for (const [free, frozen] of [
      [-101, 0],
      [0, -1],
      [-50, -1],
    ] as const) {
      const error = await inTransaction(db, (trx) =>
        postLedgerEntry(trx, {
          userId: user,
          kind: 'fee',
          freeDelta: free,
          frozenDelta: frozen,
          memoKey: 'x',
        }),
      ).catch((e: unknown) => e);
      expect(isAppError(error) && error.key).toBe('insufficient_balance');
      expect(isAppError(error) && error.code).toBe(ERRORS.insufficient_balance.code);
    }
    expect(await readBalance(db.kysely, user)).toEqual({ balanceMicros: 100, frozenMicros: 0 });
    expect((await readLedgerPage(db.kysely, user, 1)).total).toBe(1);
  });

  it('rolls the posting back with the rest of the transaction', async () => {
    const user = await newAccount(1000);
    await expect(
      inTransaction(db, async (trx) => {
        await postLedgerEntry(trx, {
          userId: user,
          kind: 'fee',
          freeDelta: -10,
          frozenDelta: 0,
          memoKey: 'x',
        });
        throw new Error('the order failed later');
      }),
    ).rejects.toThrow('the order failed later');
    expect(await readBalance(db.kysely, user)).toEqual({ balanceMicros: 1000, frozenMicros: 0 });
    await expectConserved(user);
  });

  it('refuses amounts that are not whole micro-units, and empty movements', async () => {
    const user = await newAccount(1000);
    for (const [free, frozen] of [
      [0.5, 0],
      [0, Number.NaN],
      [2 ** 53, 0],
      [0, 0],
    ]) {
      await expect(
        inTransaction(db, (trx) =>
          postLedgerEntry(trx, {
            userId: user,
            kind: 'x',
            freeDelta: free ?? 0,
            frozenDelta: frozen ?? 0,
            memoKey: 'x',
          }),
        ),
      ).rejects.toThrow(RangeError);
    }
  });

  it('is backed by CHECK constraints in the database itself', async () => {
    const user = await newAccount(10);
    await expect(
      db.kysely.updateTable('accounts').set({ balance_micros: -1 }).where('user_id', '=', user).execute(),
    ).rejects.toThrow();
    await expect(
      sql`update accounts set frozen_micros = -5 where user_id = ${user}`.execute(db.kysely),
    ).rejects.toThrow();
  });

  it('property: random postings (some refused) keep the account equal to its ledger and never negative', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const rng = createRng(seed);
      const opening = Math.floor(rng.next() * 5_000_000);
      const user = await newAccount(opening);
      let expectedFree = opening;
      let expectedFrozen = 0;
      let refused = 0;
      for (let i = 0; i < 60; i++) {
        const roll = rng.next();
        const amount = Math.floor(rng.next() * 3_000_000) + 1;
        // Deposits, debits, freezes and releases, sized to overshoot now and then.
        const [free, frozen] =
          roll < 0.25
            ? [amount, 0]
            : roll < 0.5
              ? [-amount, 0]
              : roll < 0.75
                ? [-amount, amount]
                : [amount, -amount];
        try {
          await inTransaction(db, (trx) =>
            postLedgerEntry(trx, {
              userId: user,
              kind: 'test',
              freeDelta: free,
              frozenDelta: frozen,
              memoKey: 'x',
            }),
          );
          expectedFree += free;
          expectedFrozen += frozen;
        } catch (error) {
          expect(isAppError(error) && error.key).toBe('insufficient_balance');
          expect(expectedFree + free < 0 || expectedFrozen + frozen < 0).toBe(true);
          refused++;
        }
        await expectConserved(user);
      }
      expect(await readBalance(db.kysely, user)).toEqual({
        balanceMicros: expectedFree,
        frozenMicros: expectedFrozen,
      });
      expect(refused).toBeGreaterThan(0);
    }
  }, 30_000);

  it('stays consistent when many postings race (one writer on SQLite, row locks on PostgreSQL)', async () => {
    const user = await newAccount(1_000_000);
    // 40 debits of 30,000 against 1,000,000: exactly 33 can succeed, whatever the interleaving.
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        inTransaction(db, (trx) =>
          postLedgerEntry(trx, {
            userId: user,
            kind: 'fee',
            freeDelta: -30_000,
            frozenDelta: 0,
            memoKey: 'x',
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(33);
    expect(await readBalance(db.kysely, user)).toEqual({ balanceMicros: 10_000, frozenMicros: 0 });
    await expectConserved(user);
  }, 30_000);
});

describe('tryPostLedgerPair', () => {
  const line = (kind: string, freeDelta: number, frozenDelta: number) => ({
    kind,
    freeDelta,
    frozenDelta,
    memoKey: 'ledger_demo_grant',
    memoParams: { code: 'EURUSD' },
    refType: 'order',
    refId: 9,
  });

  it('books both lines in order, each with its own after-balances, and moves the order counts', async () => {
    const user = await newAccount(1_000_000);
    const posted = await inTransaction(db, (trx) =>
      tryPostLedgerPair(trx, user, line('margin_freeze', -300_000, 300_000), line('trade_fee', -7_000, 0), {
        at: 6,
        orderCounts: { holding: 1, pending: 0 },
      }),
    );
    expect(posted).toMatchObject({ balanceMicros: 693_000, frozenMicros: 300_000, holdingOrders: 1 });
    const rows = await db.kysely
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', user)
      .where('kind', '!=', 'opening_grant')
      .orderBy('id')
      .execute();
    expect(
      rows.map((r) => [
        r.kind,
        Number(r.free_delta_micros),
        Number(r.frozen_delta_micros),
        Number(r.balance_after_micros),
        Number(r.frozen_after_micros),
        Number(r.created_at),
      ]),
    ).toEqual([
      ['margin_freeze', -300_000, 300_000, 700_000, 300_000, 6],
      ['trade_fee', -7_000, 0, 693_000, 300_000, 6],
    ]);
    expect(Number(rows[1]?.id)).toBe(posted?.ledgerId);
    await expectConserved(user);
  });

  it('writes nothing and answers undefined when the sum would take a balance below zero', async () => {
    const user = await newAccount(100_000);
    const posted = await inTransaction(db, (trx) =>
      tryPostLedgerPair(trx, user, line('margin_release', 50_000, 0), line('realised_pnl', -150_001, 0), {
        orderCounts: { holding: -1, pending: 0 },
      }),
    );
    expect(posted).toBeUndefined();
    expect(await readBalance(db.kysely, user)).toEqual({ balanceMicros: 100_000, frozenMicros: 0 });
    expect((await sumLedger(db.kysely, user)).freeMicros).toBe(100_000);
  });

  it('refuses a pair whose first line dips below the sum (its guard would differ from posting in turn)', async () => {
    const user = await newAccount(100_000);
    await expect(
      inTransaction(db, (trx) => tryPostLedgerPair(trx, user, line('a', -200_000, 0), line('b', 150_000, 0))),
    ).rejects.toThrow(RangeError);
    await expectConserved(user);
  });
});

describe('the account version', () => {
  const versionOf = async (userId: number) =>
    Number(
      (
        await db.kysely
          .selectFrom('accounts')
          .select('version')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).version,
    );

  it('goes up with every statement that changes the account, and not with one refused', async () => {
    const userId = await newAccount(1_000_000_000);
    const start = await versionOf(userId);
    const line = {
      kind: 'test',
      freeDelta: -1_000_000,
      frozenDelta: 1_000_000,
      memoKey: 'ledger_margin_freeze',
    };
    const posted = await inTransaction(db, (trx) =>
      postLedgerEntry(trx, { ...line, userId, at: 1, orderCounts: { holding: 0, pending: 1 } }),
    );
    expect(posted.version).toBe(start + 1);
    const pair = await inTransaction(db, (trx) =>
      tryPostLedgerPair(trx, userId, line, { ...line, freeDelta: -2_000_000, frozenDelta: 0 }, { at: 2 }),
    );
    expect(pair?.version).toBe(start + 2);
    // A booking that moves no money (a pending order filled with no fee) changes the holdings: it
    // moves the version too, though it posts no ledger row.
    const moved = await inTransaction(db, (trx) =>
      moveOrderCounts(trx, userId, { holding: 1, pending: -1 }, 3),
    );
    expect(moved.version).toBe(start + 3);
    // Refused: nothing written, the version stays.
    await expect(
      inTransaction(db, (trx) => postLedgerEntry(trx, { ...line, freeDelta: -1e15, frozenDelta: 0, userId })),
    ).rejects.toThrow();
    expect(await versionOf(userId)).toBe(start + 3);
  });
});
