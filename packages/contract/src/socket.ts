import { z } from 'zod';
import {
  TOPIC_COPY_TRADE,
  TOPIC_DAY_MARKET,
  TOPIC_FEED_STATUS,
  TOPIC_FOREX_CLOSED,
  TOPIC_FOREX_TRADE,
} from './socket-constants.js';

/** A topic is one of the fixed names or `KLINE.{code}`; codes are upper-case letters, digits and dots. */
export const Topic = z.union([
  z.literal(TOPIC_DAY_MARKET),
  z.literal(TOPIC_FOREX_TRADE),
  z.literal(TOPIC_FOREX_CLOSED),
  z.literal(TOPIC_FEED_STATUS),
  z.literal(TOPIC_COPY_TRADE),
  z.string().regex(/^KLINE\.[A-Z0-9.]{1,24}$/),
]);
export type Topic = z.infer<typeof Topic>;

// ---- client → server -------------------------------------------------------------------------
export const ClientLogin = z.object({ type: z.literal('login'), token: z.string().min(1).max(512) });
export const ClientLogout = z.object({ type: z.literal('logout') });
export const ClientSub = z.object({ type: z.literal('sub'), topic: z.string().max(64) });
export const ClientUnsub = z.object({ type: z.literal('unsub'), topic: z.string().max(64) });
export const ClientMessage = z.discriminatedUnion('type', [
  ClientLogin,
  ClientLogout,
  ClientSub,
  ClientUnsub,
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// ---- server → client -------------------------------------------------------------------------
export const LoginResult = z.object({
  type: z.literal('login_result'),
  code: z.number().int(),
  msg: z.string().optional(),
});
/**
 * The answer to `logout`, and also sent unasked (code 999 with `msg`) when the connection's session
 * ends elsewhere — a logout, a password change or reset: the connection is no longer logged in.
 */
export const LogoutResult = z.object({
  type: z.literal('logout_result'),
  code: z.number().int(),
  msg: z.string().optional(),
});
export const SubResult = z.object({
  type: z.enum(['sub_result', 'unsub_result']),
  code: z.number().int(),
  topic: z.string(),
});
/** Sent for a malformed frame or an unknown topic; the connection stays open. */
export const SocketError = z.object({
  type: z.literal('error'),
  code: z.number().int(),
  msg: z.string(),
});
export type LoginResult = z.infer<typeof LoginResult>;
export type SocketError = z.infer<typeof SocketError>;
