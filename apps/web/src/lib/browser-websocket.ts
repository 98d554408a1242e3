import type { WebSocketConstructor } from './socket';

/** The browser's WebSocket, typed to the client's narrow interface (its event types are wider). */
export const WebSocket = globalThis.WebSocket as unknown as WebSocketConstructor;
