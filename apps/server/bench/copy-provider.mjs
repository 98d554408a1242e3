/**
 * bench:copy's provider, in a thread of its own: it sends the provider's orders over HTTP and times
 * each from send to answer, as a trader on another machine would. In the server's thread its own
 * sending and answer reading waited on the same event loop as the copies it measures.
 * Plain JavaScript: a worker thread does not get tsx's loader. The messages' types are in copy.ts.
 */
import { subscribe } from 'node:diagnostics_channel';
import { parentPort, workerData } from 'node:worker_threads';

// When fetch (undici) hands the request's headers to the socket, and when the answer's headers
// arrive: the client's own work on each side of the wire, apart from the wait for the server.
let headersSent = 0;
let headersReceived = 0;
subscribe('undici:client:sendHeaders', () => {
  headersSent = performance.now();
});
subscribe('undici:request:headers', () => {
  headersReceived = performance.now();
});

const job = workerData;
const port = parentPort;
if (!port) throw new Error('copy-provider runs as a worker thread');

port.on('message', (order) => {
  void send(order).then((answer) => port.postMessage(answer));
});

async function send(order) {
  const form =
    order.kind === 'open'
      ? { type: '1', cont: '1', forex_id: String(order.forexId), status: '1', multiple: '20' }
      : { id: String(order.id) };
  const route = order.kind === 'open' ? job.open : job.close;
  const params = new URLSearchParams(form);
  const headers = { lang: 'en', authorization: order.token };
  const t0 = performance.now();
  const res =
    route.method === 'GET'
      ? await fetch(`${job.baseUrl}${route.path}?${params}`, { headers })
      : await fetch(`${job.baseUrl}${route.path}`, {
          method: route.method,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: params,
        });
  const body = await res.json();
  const t1 = performance.now();
  return {
    code: body.code,
    msg: body.msg,
    id: body.data?.Id ?? 0,
    latency: t1 - t0,
    clientBefore: headersSent - t0,
    clientAfter: t1 - headersReceived,
    answeredAt: performance.timeOrigin + t1,
    sentAt: performance.timeOrigin + t0,
  };
}
