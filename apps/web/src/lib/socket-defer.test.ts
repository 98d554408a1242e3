import { describe, expect, it } from 'vitest';
import { type MessageParser, type ServerMessage, SocketClient, type WebSocketLike } from './socket';
import { parseLiteMessage } from './socket-lite';
import { parseServerMessage } from './socket-protocol';
import { FakeTimers } from './testing/fake-timers';

/** A socket the test drives by hand: `open()`, then `push()` frames as the server would. */
class HandSocket implements WebSocketLike {
  static last: HandSocket | null = null;
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    HandSocket.last = this;
  }
  send(): void {}
  close(): void {}
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(frame: unknown): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const QUOTE = {
  Id: 1,
  Code: 'EURUSD',
  Bid: '1.1',
  Ask: '1.2',
  Close: '1.1',
  Open: '1.0',
  Change: '0.5',
  MarketStatus: 1,
  Time: 1,
};
const DAY_MARKET = { type: 'DAY_MARKET', code: 1, data: [QUOTE] };
/** An order push: the quick parser leaves it to the full one. */
const CLOSED = {
  type: 'FOREX_CLOSED',
  code: 1,
  data: { Id: 7, reason: 'tp', FactProfits: '12.500000', Price: '1.1' },
};

/** A promise the test resolves (or rejects) when it chooses: the full parser "downloading". */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function setup() {
  const load = deferred<MessageParser>();
  let loads = 0;
  const client = new SocketClient({
    url: 'ws://test',
    WebSocket: HandSocket,
    parser: parseLiteMessage,
    fullParser: () => {
      loads += 1;
      return load.promise;
    },
    timers: new FakeTimers(),
  });
  const seen: string[] = [];
  client.onMessage((m: ServerMessage) => seen.push(m.type));
  client.connect();
  const ws = HandSocket.last as HandSocket;
  ws.open();
  return { client, ws, load, seen, loads: () => loads };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('socket client with the quick parser and a full one loaded on demand', () => {
  it('delivers the common frames at once, without loading the full parser', () => {
    const { ws, seen, loads } = setup();
    ws.push({ type: 'hello', code: 1, protocol: 2, time: 1 });
    ws.push(DAY_MARKET);
    expect(seen).toEqual(['hello', 'DAY_MARKET']);
    expect(loads()).toBe(0);
  });

  it('holds a frame it cannot parse, and every frame after it, until the full parser is in: in order', async () => {
    const { client, ws, seen, load, loads } = setup();
    ws.push(DAY_MARKET);
    ws.push(CLOSED);
    ws.push(DAY_MARKET);
    expect(seen).toEqual(['DAY_MARKET']);
    expect(client.heldFrames).toBe(2);
    expect(loads()).toBe(1);
    load.resolve(parseServerMessage);
    await settle();
    expect(seen).toEqual(['DAY_MARKET', 'FOREX_CLOSED', 'DAY_MARKET']);
    // From then on the full parser reads everything; it is not loaded again.
    ws.push(CLOSED);
    expect(seen).toEqual(['DAY_MARKET', 'FOREX_CLOSED', 'DAY_MARKET', 'FOREX_CLOSED']);
    expect(loads()).toBe(1);
  });

  it('goes on with the common frames when the full parser cannot load', async () => {
    const { client, ws, seen, load } = setup();
    ws.push(CLOSED);
    load.reject(new Error('offline'));
    await settle();
    expect(client.heldFrames).toBe(0);
    ws.push(DAY_MARKET);
    expect(seen).toEqual(['DAY_MARKET']);
  });
});
