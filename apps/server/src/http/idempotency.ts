import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@meridian/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import type { IdempotencyRepository } from './idempotency.repository.js';

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

/**
 * The Idempotency-Key rules (POST-style calls that book money: submit, close, deposit submissions,
 * draw). The first request with a key runs and its answer (success or refusal) is stored; a repeat
 * from the same account gets that answer again and books nothing. A repeat while the first still
 * runs, or whose first run's outcome is unknown (the server died mid-way), is refused with
 * `idempotency_in_progress`: the client must look at its orders rather than book again. A key sent
 * again with other parameters is refused (`idempotency_key_reused`).
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

  async claim(userId: number, key: string, fingerprint: string): Promise<Claim> {
    await this.sweep();
    if (await this.repo.claim(userId, key, fingerprint, this.now())) return { kind: 'first' };
    const stored = await this.repo.read(userId, key);
    // Deleted between the insert and the read (a failed first run released it): run now.
    if (!stored)
      return (await this.repo.claim(userId, key, fingerprint, this.now())) ? { kind: 'first' } : busy();
    if (stored.fingerprint !== fingerprint) throw new AppError('idempotency_key_reused');
    if (!stored.done || stored.body === null || stored.statusCode === null) return busy();
    return { kind: 'replay', statusCode: stored.statusCode, body: stored.body };
  }

  complete(userId: number, key: string, statusCode: number, body: string): Promise<void> {
    return this.repo.complete(userId, key, statusCode, body);
  }

  release(userId: number, key: string): Promise<void> {
    return this.repo.release(userId, key);
  }

  /** At most once a minute, drop keys past their day. */
  private async sweep(): Promise<void> {
    const now = this.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    await this.repo.deleteOlderThan(now - IDEMPOTENCY_TTL_MS);
  }
}

function busy(): never {
  throw new AppError('idempotency_in_progress');
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
