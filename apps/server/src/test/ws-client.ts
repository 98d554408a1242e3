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

  static open(url: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
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
