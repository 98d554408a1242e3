import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Caps the TCP connections one peer address may hold open on `server`, HTTP and live sockets
 * alike: a client opening thousands of idle connections would otherwise hold that many file
 * descriptors and parser states until each timed out. A connection past the cap is destroyed on
 * arrival, before a byte is read; the ones already open are untouched. The count is by the TCP
 * peer, because nothing else is known before a byte arrives; a proxy's own address (`exempt`)
 * carries many clients and is not capped here (its clients are, by the rate limits).
 */
export function guardConnections(
  server: Server,
  maxPerAddress: number,
  exempt: (address: string) => boolean,
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (exempt(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
