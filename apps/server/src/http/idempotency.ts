import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@meridian/contract';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.js';
import { isUniqueViolation } from '../db/db-errors.js';
import { failpoint } from '../failpoint.js';
import { AppError } from './app-error.js';
import { type IdempotencyRepository, insertAnswer } from './idempotency.repository.js';

/** How long a key is remembered: a client retries within seconds or minutes, never a day later. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

/** The header's key, or undefined when none was sent; a malformed key is refused. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY_SHAPE.test(key)) throw new AppError('idempotency_key_invalid');
  return key;
}

/** What to do with a request that carries a key. */
export type Claim = { kind: 'first' } | { kind: 'replay'; statusCode: number; body: string };

/** A keyed call while it runs: what a booking needs to store the answer in its own transaction. */
interface KeyedCall {
  userId: number;
  key: string;
  fingerprint: string;
  now: number;
  /** The envelope of a success, as the route sends it. */
  seal: (data: unknown) => string;
  /** The envelope the booking stored with itself (the last attempt's, if its batch ran again). */
  recorded: string | null;
}

const calls = new AsyncLocalStorage<KeyedCall>();

/** A keyed call's answer is already stored: a concurrent first request with the same key won. */
export class IdempotencyConflict extends Error {
  constructor() {
    super('idempotency key answered by a concurrent request');
  }
}

/**
 * Inside a booking's transaction: stores the keyed call's answer (`answer()`, the data the route
 * sends) with the booking, so both commit or neither (a no-op for a call without a key, such as the
 * server's own bookings). A key the account already used refuses the transaction
 * (IdempotencyConflict): a duplicate sent at the same time books nothing and gets the first answer.
 */
export async function recordAnswer(tx: Tx, answer: () => unknown): Promise<void> {
  const call = calls.getStore();
  if (!call) return;
  const body = call.seal(await answer());
  try {
    await insertAnswer(tx, { ...call, statusCode: 200, body });
    failpoint('idempotency.booking-uncommitted');
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdempotencyConflict();
    throw error;
  }
  call.recorded = body;
}

/**
 * Work that runs later in another async context (a write-queue job) keeps the keyed call of the
 * code that queued it, so recordAnswer inside it finds the call. Unchanged when there is none.
 */
export function keepCall<F extends (...args: never[]) => unknown>(work: F): F {
  const call = calls.getStore();
  if (!call) return work;
  return ((...args: Parameters<F>) => calls.run(call, () => work(...args))) as F;
}

/**
 * The Idempotency-Key rules (the calls that book money or change orders: submit, close,
 * cancel_trade, set_stop_price, the deposit submissions, draw, copy, copy_funds, uncopy). The first
 * request with a key runs; its booking stores the answer in its own transaction (recordAnswer), so
 * after any crash a retry either finds that answer or runs for the first time: nothing is ever left
 * "running". A refusal the client caused booked nothing and is stored after it. A repeat from the
 * same account gets the stored answer and books nothing; a key sent again with other parameters is
 * refused (`idempotency_key_reused`).
 */
export class IdempotencyStore {
  private lastSweep = 0;

  constructor(
    private readonly repo: IdempotencyRepository,
    private readonly now: () => number = Date.now,
  ) {}

  static fingerprint(endpointId: string, input: unknown): string {
    const hash = createHash('sha256').update(stableJson(input)).digest('base64url');
    return `${endpointId}:${hash}`.slice(0, 128);
  }

  /** The stored answer to replay, or `first`: run the request. */
  async claim(userId: number, key: string, fingerprint: string): Promise<Claim> {
    await this.sweep();
    const stored = await this.repo.read(userId, key);
    if (!stored || !stored.done || stored.body === null || stored.statusCode === null)
      return { kind: 'first' };
    if (stored.fingerprint !== fingerprint) throw new AppError('idempotency_key_reused');
    return { kind: 'replay', statusCode: stored.statusCode, body: stored.body };
  }

  /**
   * Runs the first request with its key in scope for recordAnswer. Resolves with the envelope text
   * the booking stored, or null when nothing was stored with a booking (a call that booked nothing).
   */
  async run<T>(
    call: { userId: number; key: string; fingerprint: string; seal: (data: unknown) => string },
    fn: () => Promise<T>,
  ): Promise<{ value: T; recorded: string | null }> {
    const keyed: KeyedCall = { ...call, now: this.now(), recorded: null };
    const value = await calls.run(keyed, fn);
    return { value, recorded: keyed.recorded };
  }

  /** Stores an answer given outside a booking (a refusal); false when another answer was first. */
  store(
    userId: number,
    key: string,
    fingerprint: string,
    statusCode: number,
    body: string,
  ): Promise<boolean> {
    return this.repo.store({ userId, key, fingerprint, statusCode, body, now: this.now() });
  }

  /** At start: the older protocol's keys left "running" by a process that died are dropped. */
  resolveAtStart(): Promise<number> {
    return this.repo.dropUnanswered();
  }

  /** At most once a minute, drop keys past their day. */
  private async sweep(): Promise<void> {
    const now = this.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    await this.repo.deleteOlderThan(now - IDEMPOTENCY_TTL_MS);
  }
}

/** JSON with sorted keys, so the same parameters in another order hash alike. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
