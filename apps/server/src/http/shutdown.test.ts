import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness.js';

describe('shutting down', () => {
  it('is not held by a client that keeps a request half sent: its connection is cut after the grace', async () => {
    const t = await startTestServer();
    const { hostname, port } = new URL(t.baseUrl);
    const arrived = once(t.server.app.server, 'request');
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    const closed = once(socket, 'close');
    // The headers promise 100 bytes of body; 10 come. The server has the request (it is not an
    // idle connection Fastify closes at once) and waits for the rest.
    socket.write(
      'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nemail=a%40',
    );
    await arrived;
    // Without the grace, close() waited for that body (Node's request timeout: 5 minutes), and the
    // stops after it (the features, the leader's lease, the database) never ran.
    await t.close();
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});
