import {
  CODE_OK,
  CODE_SESSION_EXPIRED,
  type Envelope,
  IDEMPOTENCY_KEY_HEADER,
  type RequestOf,
  type ResponseOf,
  type Route,
} from '@meridian/contract';

/** Scalar fields only: every call in spec section 7 sends flat key/value payloads. */
export type Payload = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Show a failing envelope's `msg` as a toast (default true). */
  showErrorMessage?: boolean;
  /** Show a successful envelope's `msg` as a toast (default false: most reads have nothing to say). */
  showSuccessMessage?: boolean;
  /** Show the loading toast until the response arrives. */
  loading?: boolean;
  /** POST the payload as JSON instead of the default form encoding. */
  json?: boolean;
  /**
   * Whether code 999 sends the visitor to /login after clearing the session (default true). The
   * start-up session check turns it off: an expired token there should just leave a logged-out app.
   */
  redirectOnExpiry?: boolean;
  /** Toast transport failures (default true; always off for the web-app manifest request). */
  showNetworkError?: boolean;
  signal?: AbortSignal;
  /** Gives up after this long and reports ETIMEDOUT (default 20 s); 0 disables. */
  timeoutMs?: number;
  /**
   * Sent as the Idempotency-Key header: a repeat with the same key books nothing. `call` sets a
   * fresh one for every call of a route marked idempotent (one tap, one key).
   */
  idempotencyKey?: string;
}

/**
 * - `envelope`: the server answered with a code other than 1 (`code` is that code).
 * - `network`: no usable answer: connection failed, timed out, or the body was not an envelope
 *   (`transportCode` says which, e.g. ERR_NETWORK, ETIMEDOUT, HTTP_502).
 * - `aborted`: the caller cancelled; never shown to the user.
 */
export type ApiErrorKind = 'envelope' | 'network' | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    /** The envelope code, or 0 when there was no envelope. */
    readonly code: number,
    message: string,
    readonly status: number,
    readonly transportCode: string | null = null,
    readonly data: unknown = null,
  ) {
    super(message);
  }

  get isSessionExpired(): boolean {
    return this.kind === 'envelope' && this.code === CODE_SESSION_EXPIRED;
  }
}

/** What the client needs from the app around it; the app wires antd-mobile toasts and the stores. */
export interface ApiEnvironment {
  /** Prefix for request paths; '' keeps them relative to the page (same origin). */
  baseUrl: string;
  getToken(): string | null;
  getLang(): string;
  onSessionExpired(options: { redirect: boolean }): void;
  showMessage(kind: 'success' | 'error', text: string): void;
  showLoading(): void;
  hideLoading(): void;
  /** The translated text for a transport failure with its code. */
  networkErrorText(transportCode: string): string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** A file for a multipart endpoint (`encoding: 'multipart'`), sent under the field `file`. */
export interface UploadFile {
  blob: Blob;
  name: string;
}

export interface CallOptions extends RequestOptions {
  file?: UploadFile;
}

/** A call's arguments: the payload may be left out when every field of it is optional. */
export type CallArgs<R extends Route> =
  Record<string, never> extends RequestOf<R>
    ? [payload?: RequestOf<R>, options?: CallOptions]
    : [payload: RequestOf<R>, options?: CallOptions];

export interface ApiClient {
  /**
   * Calls one endpoint of the contract's table (`routes.submitOrder`, ...): the path, method and
   * encoding come from the route, the payload and the result are typed by its schemas. Resolves
   * with the envelope's `data`; rejects with ApiError like the methods below.
   */
  call<R extends Route>(route: R, ...args: CallArgs<R>): Promise<ResponseOf<R>>;
  get<T = unknown>(path: string, payload?: Payload, options?: RequestOptions): Promise<Envelope<T>>;
  del<T = unknown>(path: string, payload?: Payload, options?: RequestOptions): Promise<Envelope<T>>;
  post<T = unknown>(path: string, payload?: Payload, options?: RequestOptions): Promise<Envelope<T>>;
  /** multipart/form-data with the file under `file`; the loading toast is on unless turned off. */
  upload<T = unknown>(
    path: string,
    file: Blob,
    fileName: string,
    fields?: Payload,
    options?: RequestOptions,
  ): Promise<Envelope<T>>;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * 128 random bits as hex. getRandomValues, not randomUUID: the latter exists only in secure contexts,
 * and a LAN install may be served over plain HTTP.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function entries(payload: Payload | undefined): [string, string][] {
  if (!payload) return [];
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    out.push([key, String(value)]);
  }
  return out;
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'number' && (v.msg === undefined || typeof v.msg === 'string');
}

function isManifestRequest(path: string): boolean {
  return /manifest(\.webmanifest|\.json)(\?|$)/.test(path);
}

interface Prepared {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query: [string, string][];
  body?: BodyInit;
  contentType?: string;
}

export function createApiClient(env: ApiEnvironment): ApiClient {
  const doFetch = env.fetch ?? ((input, init) => fetch(input, init));
  const now = env.now ?? Date.now;

  async function send<T>(req: Prepared, options: RequestOptions): Promise<Envelope<T>> {
    const showError = options.showErrorMessage ?? true;
    const showNetwork = (options.showNetworkError ?? true) && !isManifestRequest(req.path);
    const query = new URLSearchParams(req.query);
    // GET and DELETE carry a timestamp so no cache between the app and the server can answer them.
    if (req.method !== 'POST') query.set('t', String(now()));
    const qs = query.toString();
    const url = `${env.baseUrl}${req.path}${qs ? (req.path.includes('?') ? '&' : '?') + qs : ''}`;

    const headers: Record<string, string> = {
      lang: env.getLang(),
      authorization: env.getToken() ?? '',
    };
    if (req.contentType) headers['content-type'] = req.contentType;
    if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;

    const controller = new AbortController();
    let timedOut = false;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    const onCallerAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });

    if (options.loading) env.showLoading();
    let status = 0;
    let parsed: unknown;
    try {
      const res = await doFetch(url, {
        method: req.method,
        headers,
        body: req.body,
        signal: controller.signal,
      });
      status = res.status;
      const text = await res.text();
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    } catch (cause) {
      if (options.loading) env.hideLoading();
      if (timedOut) {
        if (showNetwork) env.showMessage('error', env.networkErrorText('ETIMEDOUT'));
        throw new ApiError('network', 0, 'request timed out', 0, 'ETIMEDOUT');
      }
      if (controller.signal.aborted) throw new ApiError('aborted', 0, 'request aborted', 0, 'ERR_CANCELED');
      const code = 'ERR_NETWORK';
      if (showNetwork) env.showMessage('error', env.networkErrorText(code));
      throw new ApiError('network', 0, cause instanceof Error ? cause.message : String(cause), 0, code);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
    if (options.loading) env.hideLoading();

    if (!isEnvelope(parsed)) {
      const code = `HTTP_${status}`;
      if (showNetwork) env.showMessage('error', env.networkErrorText(code));
      throw new ApiError('network', 0, `response without envelope (HTTP ${status})`, status, code);
    }
    const envelope: Envelope<T> = { code: parsed.code, msg: parsed.msg ?? '', data: parsed.data as T };
    if (envelope.code === CODE_OK) {
      if (options.showSuccessMessage && envelope.msg) env.showMessage('success', envelope.msg);
      return envelope;
    }
    if (envelope.code === CODE_SESSION_EXPIRED) {
      env.onSessionExpired({ redirect: options.redirectOnExpiry ?? true });
    }
    if (showError && envelope.msg) env.showMessage('error', envelope.msg);
    throw new ApiError('envelope', envelope.code, envelope.msg, status, null, envelope.data);
  }

  /** `/api/x/:key` with `{ key: 'a' }` becomes `/api/x/a`; the key leaves the payload. */
  function fillPath(path: string, payload: Payload): { path: string; rest: Payload } {
    if (!path.includes(':')) return { path, rest: payload };
    const rest: Payload = { ...payload };
    const filled = path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
      const value = rest[name];
      delete rest[name];
      return encodeURIComponent(String(value ?? ''));
    });
    return { path: filled, rest };
  }

  const client: ApiClient = {
    call: async <R extends Route>(route: R, ...args: CallArgs<R>): Promise<ResponseOf<R>> => {
      const [payload, given = {}] = args;
      const options: CallOptions =
        route.idempotent && !given.idempotencyKey ? { ...given, idempotencyKey: newIdempotencyKey() } : given;
      const { path, rest } = fillPath(route.path, (payload ?? {}) as Payload);
      let envelope: Envelope<ResponseOf<R>>;
      if (route.encoding === 'multipart') {
        const file = options.file;
        if (!file) throw new Error(`${route.path} needs a file`);
        envelope = await client.upload<ResponseOf<R>>(path, file.blob, file.name, rest, options);
      } else if (route.method === 'GET') {
        envelope = await client.get<ResponseOf<R>>(path, rest, options);
      } else {
        envelope = await client.post<ResponseOf<R>>(path, rest, options);
      }
      return envelope.data;
    },
    get: (path, payload, options = {}) => send({ method: 'GET', path, query: entries(payload) }, options),
    del: (path, payload, options = {}) => send({ method: 'DELETE', path, query: entries(payload) }, options),
    post: (path, payload, options = {}) =>
      send(
        options.json
          ? {
              method: 'POST',
              path,
              query: [],
              body: JSON.stringify(payload ?? {}),
              contentType: 'application/json',
            }
          : {
              method: 'POST',
              path,
              query: [],
              body: new URLSearchParams(entries(payload)).toString(),
              contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
            },
        options,
      ),
    upload: (path, file, fileName, fields, options = {}) => {
      const form = new FormData();
      for (const [key, value] of entries(fields)) form.append(key, value);
      form.append('file', file, fileName);
      // No content-type header: fetch writes multipart/form-data with its boundary itself.
      return send({ method: 'POST', path, query: [], body: form }, { loading: true, ...options });
    },
  };
  return client;
}
