import { randomUUID } from 'node:crypto';
import { LoginResponse, type Route, routes, type User } from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { AppOverrides } from '../../../app.js';
import type { Feature } from '../../../app-context.js';
import type { Database } from '../../../db/schema.js';
import { FEATURES } from '../../index.js';
import { createIdentityFeature, type IdentityOptions } from '../identity.feature.js';

/** The standard features with identity built from `options` (a clock, a captcha, an SMS inbox). */
export function withIdentity(options: IdentityOptions, extra: Partial<AppOverrides> = {}): AppOverrides {
  const features: Feature[] = FEATURES.map((f) =>
    f.name === 'identity' ? createIdentityFeature(options) : f,
  );
  return { ...extra, features };
}

export interface Reply {
  status: number;
  body: { code: number; msg: string; data: unknown };
}

export interface ApiOptions {
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
}

/** A form-encoded POST, as the web app sends it. */
export async function post(
  baseUrl: string,
  path: string,
  form: Record<string, string | number>,
  options: ApiOptions = {},
): Promise<Reply> {
  const body = new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      lang: options.lang ?? 'en',
      authorization: options.token ?? '',
      ...options.headers,
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as Reply['body'] };
}

export async function get(
  baseUrl: string,
  path: string,
  query: Record<string, string | number> = {},
  options: ApiOptions = {},
): Promise<Reply> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  qs.set('t', String(Date.now()));
  const res = await fetch(`${baseUrl}${path}?${qs}`, {
    headers: { lang: options.lang ?? 'en', authorization: options.token ?? '', ...options.headers },
  });
  return { status: res.status, body: (await res.json()) as Reply['body'] };
}

/** Calls one route of the contract's table by its method and path (`:key` params filled from the payload). */
export function call(
  baseUrl: string,
  route: Route,
  payload: Record<string, string | number> = {},
  options: ApiOptions = {},
): Promise<Reply> {
  const rest: Record<string, string | number> = { ...payload };
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return route.method === 'GET' ? get(baseUrl, path, rest, options) : post(baseUrl, path, rest, options);
}

/** The answer every captcha has on a server built with `withIdentity({ captchaText: fixedCaptcha })`. */
export const FIXED_CAPTCHA = '23456';
export const fixedCaptcha = (): string => FIXED_CAPTCHA;

/** Switches registration to the image captcha (verify_reg_type 2), so tests register in two calls. */
export async function useCaptchaRegistration(db: Kysely<Database>): Promise<void> {
  await db.updateTable('settings').set({ value: '2' }).where('key', '=', 'verify_reg_type').execute();
}

export interface Registered {
  token: string;
  user: User;
}

/** Registers a real user through the API (captcha mode with the fixed answer). */
export async function registerUser(
  baseUrl: string,
  email: string,
  password = 'secret123',
): Promise<Registered> {
  const captcha = await call(baseUrl, routes.captcha);
  const { id } = captcha.body.data as { id: string };
  const res = await call(baseUrl, routes.register, {
    type: 1,
    account: email,
    password,
    re_password: password,
    key: id,
    sms_code: FIXED_CAPTCHA,
  });
  if (res.body.code !== 1) throw new Error(`register failed: ${res.body.msg}`);
  return LoginResponse.parse(res.body.data);
}

export async function demoLogin(baseUrl: string, deviceId: string = randomUUID()): Promise<Registered> {
  const res = await call(baseUrl, routes.demoAccount, { demo_id: deviceId });
  if (res.body.code !== 1) throw new Error(`demo failed: ${res.body.msg}`);
  return LoginResponse.parse(res.body.data);
}
