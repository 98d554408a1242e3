import { WebSocket } from 'ws';

/** A test socket that queues every message it receives, so a test can await "the next one". */
export class TestSocket {
  private readonly queue: string[] = [];
  private readonly waiters: Array<(text: string) => void> = [];
  readonly closed: Promise<{ code: number }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      const waiter = this.waiters.shift();
      if (waiter) waiter(text);
      else this.queue.push(text);
    });
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve({ code })));
  }

  /** The server's first frame (`hello`, with the protocol version), read by `open`. */
  hello: Record<string, unknown> = {};

  /** Opens and reads the server's greeting, so `next()` starts at the first reply to the test. */
  static async open(url: string): Promise<TestSocket> {
    const socket = await new Promise<TestSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      const opened = new TestSocket(ws);
      ws.once('open', () => resolve(opened));
      ws.once('error', reject);
    });
    socket.hello = await socket.nextJson();
    if (socket.hello.type !== 'hello')
      throw new Error(`expected hello first, got ${JSON.stringify(socket.hello)}`);
    return socket;
  }

  send(data: string | Buffer, binary = false): void {
    this.ws.send(data, { binary });
  }

  sendJson(value: unknown): void {
    this.ws.send(JSON.stringify(value));
  }

  next(): Promise<string> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async nextJson(): Promise<Record<string, unknown>> {
    return JSON.parse(await this.next()) as Record<string, unknown>;
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): Promise<{ code: number }> {
    this.ws.close();
    return this.closed;
  }
}
