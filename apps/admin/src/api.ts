import {
  CODE_OK,
  type Envelope,
  ERRORS,
  IDEMPOTENCY_KEY_HEADER,
  type RequestOf,
  type ResponseOf,
  type Route,
  STAFF_TOKEN_HEADER,
} from '@meridian/contract';
import { fmt, t } from './i18n';
import { endSession, getToken } from './session';

/** The envelope code of an ended staff session: the console forgets the token and signs in again. */
export const STAFF_SESSION_EXPIRED = ERRORS.staff_session_expired.code;
/** No envelope at all: the connection failed, or something other than the API answered. */
export const NO_ENVELOPE = 0;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** The envelope's code, or NO_ENVELOPE. */
    readonly code: number,
    /** The server's translated `msg` (or our own text when there was no envelope). */
    message: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
  }

  /** `validation_failed` lists its fields: "reason: too short". */
  get details(): string {
    if (!Array.isArray(this.data)) return '';
    return this.data
      .filter((d): d is { field: string; message: string } => typeof d?.field === 'string')
      .map((d) => `${d.field}: ${d.message}`)
      .join('; ');
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Sends this token instead of the session's (signing out after the session was already forgotten). */
  token?: string;
}

/** The payload may be left out when every field of it is optional. */
export type CallArgs<R extends Route> =
  Record<string, never> extends RequestOf<R>
    ? [payload?: RequestOf<R>, options?: CallOptions]
    : [payload: RequestOf<R>, options?: CallOptions];

type Scalar = string | number | boolean | null | undefined;

function headers(options: CallOptions): Record<string, string> {
  const out: Record<string, string> = { 'accept-language': 'en', accept: 'application/json' };
  const token = options.token ?? getToken();
  if (token) out[STAFF_TOKEN_HEADER] = token;
  return out;
}

/** `/api/admin/uploads/:key` with `{ key: 'a' }` becomes `/api/admin/uploads/a`; the key leaves the payload. */
function fillPath(
  path: string,
  payload: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  if (!path.includes(':')) return { path, rest: payload };
  const rest = { ...payload };
  const filled = path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path: filled, rest };
}

function queryString(payload: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    query.append(key, String(value as Scalar));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'number' && (v.msg === undefined || typeof v.msg === 'string');
}

function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function send(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal, cache: 'no-store', credentials: 'omit' });
  } catch (cause) {
    // A cancelled read (page left, query replaced) is not a failure to report.
    if (signal?.aborted) throw cause;
    throw new ApiError(NO_ENVELOPE, t.errors.network, 0);
  }
}

/** A failing envelope becomes an ApiError; an ended session is forgotten first. */
function failure(envelope: Envelope, status: number): ApiError {
  const message = envelope.msg || fmt(t.errors.failed, { code: envelope.code });
  if (envelope.code === STAFF_SESSION_EXPIRED) endSession({ kind: 'expired', message });
  return new ApiError(envelope.code, message, status, envelope.data ?? null);
}

async function readEnvelope(res: Response): Promise<Envelope> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await res.text());
  } catch {
    parsed = undefined;
  }
  if (!isEnvelope(parsed))
    throw new ApiError(NO_ENVELOPE, fmt(t.errors.badAnswer, { status: res.status }), res.status);
  return { code: parsed.code, msg: parsed.msg ?? '', data: parsed.data };
}

/** `call` without the route's types, for the generic hooks. */
export async function callRoute(route: Route, payload: unknown, options: CallOptions = {}): Promise<unknown> {
  const { path, rest } = fillPath(route.path, (payload ?? {}) as Record<string, unknown>);
  const head = headers(options);
  if (route.idempotent) head[IDEMPOTENCY_KEY_HEADER] = newIdempotencyKey();
  let res: Response;
  if (route.method === 'GET') {
    res = await send(`${path}${queryString(rest)}`, { method: 'GET', headers: head }, options.signal);
  } else {
    head['content-type'] = 'application/json';
    res = await send(path, { method: 'POST', headers: head, body: JSON.stringify(rest) }, options.signal);
  }
  const envelope = await readEnvelope(res);
  if (envelope.code !== CODE_OK) throw failure(envelope, res.status);
  return envelope.data;
}

/**
 * One call of the contract's table (`routes.staffLogin`, ...): GET sends the payload as the query,
 * POST as a JSON body. Resolves with the envelope's `data`; rejects with ApiError carrying the
 * server's code and translated `msg`. Code 8001 also ends the session (the console signs in again).
 */
export function call<R extends Route>(route: R, ...args: CallArgs<R>): Promise<ResponseOf<R>> {
  const [payload, options] = args;
  return callRoute(route, payload, options) as Promise<ResponseOf<R>>;
}

/**
 * A picture on the staff API (a deposit's proof, an ID card): its bytes need the session header,
 * so an <img> cannot load it itself. A failure still comes as an envelope.
 */
export async function fetchPicture(path: string, signal?: AbortSignal): Promise<Blob> {
  const res = await send(path, { method: 'GET', headers: { ...headers({}), accept: 'image/*' } }, signal);
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const envelope = await readEnvelope(res);
    throw failure(envelope, res.status);
  }
  if (!res.ok) throw new ApiError(NO_ENVELOPE, fmt(t.errors.badAnswer, { status: res.status }), res.status);
  return res.blob();
}
