import { z } from 'zod';
import { CopyTradeMessage } from './follow.js';
import { DayMarketMessage, FeedStatusMessage, KlineMessage } from './markets.js';
import { LoginResult, LogoutResult, SocketError } from './socket.js';
import { ForexClosedMessage, ForexTradeMessage } from './trading.js';

/**
 * The live protocol, one discriminated union per direction (on `type`). The server sends nothing
 * that is not a `ServerMessage`; the gateway's publish and sendToUser take only these, and the web
 * socket client parses every frame with it.
 */

/** The server's first frame on every connection: the protocol version and the server's clock. */
export const HelloMessage = z.object({
  type: z.literal('hello'),
  code: z.literal(1),
  protocol: z.number().int().positive(),
  /** Epoch ms on the server when the connection opened, so a client can see its clock skew. */
  time: z.number().int(),
});
export type HelloMessage = z.infer<typeof HelloMessage>;

export const SubResultMessage = z.object({
  type: z.literal('sub_result'),
  code: z.number().int(),
  topic: z.string(),
});
export const UnsubResultMessage = z.object({
  type: z.literal('unsub_result'),
  code: z.number().int(),
  topic: z.string(),
});

export const ServerMessage = z.discriminatedUnion('type', [
  HelloMessage,
  LoginResult,
  LogoutResult,
  SubResultMessage,
  UnsubResultMessage,
  SocketError,
  DayMarketMessage,
  FeedStatusMessage,
  KlineMessage,
  ForexTradeMessage,
  ForexClosedMessage,
  CopyTradeMessage,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
export type ServerMessageType = ServerMessage['type'];
/** A topic push: what `publish` and `sendToUser` carry. */
export type TopicMessage = Extract<
  ServerMessage,
  { type: 'DAY_MARKET' | 'FEED_STATUS' | 'KLINE' | 'FOREX_TRADE' | 'FOREX_CLOSED' | 'COPY_TRADE' }
>;
