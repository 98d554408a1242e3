// Plain constants, kept apart from the zod schemas so the web app's first screen loads no zod.

/** Heartbeat constants (spec section 9). */
export const SOCKET_PING_INTERVAL_MS = 5000;
export const SOCKET_MAX_MISSED_PONGS = 3;
export const SOCKET_CONNECT_TIMEOUT_MS = 5000;
export const SOCKET_PATH = '/v1/ws';

/** Heartbeat frames are plain text, not JSON. */
export const PING = 'ping';
export const PONG = 'pong';

export const TOPIC_DAY_MARKET = 'DAY_MARKET';
export const TOPIC_FOREX_TRADE = 'FOREX_TRADE';
export const TOPIC_FOREX_CLOSED = 'FOREX_CLOSED';
/** Whether the node's prices are current: FeedStatusMessage, on subscribe and on every change. */
export const TOPIC_FEED_STATUS = 'FEED_STATUS';
/** Copy trading: what happened in the caller's copy accounts (CopyTradeMessage). */
export const TOPIC_COPY_TRADE = 'COPY_TRADE';
export const KLINE_TOPIC_PREFIX = 'KLINE.';
export const klineTopic = (code: string) => `${KLINE_TOPIC_PREFIX}${code}`;

/**
 * The live protocol's version, sent in the server's first frame (`hello`). Version 2 added the
 * `hello` frame itself and the FEED_STATUS topic; a client may compare it to the version it was
 * built for and reload when the server is newer.
 */
export const SOCKET_PROTOCOL_VERSION = 2;
