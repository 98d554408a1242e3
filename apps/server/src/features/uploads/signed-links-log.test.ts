import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { jpegWithExif, registerTrader, startFundingServer, upload } from '../funding/testing/harness.js';

/**
 * Issue 42, section 4, item 3: a signed picture link (`/api/common/image/<key>?exp=…&sig=…`) opens
 * the picture for an hour to whoever holds it, so no log line may carry its signature: not the
 * access log's URL, nor a URL with the link inside one of its parameters, nor anything else logged.
 */

const lines: string[] = [];
let written: () => void = () => {};
const log = {
  write(line: string) {
    lines.push(line);
    written();
  },
};
let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startFundingServer(undefined, { log });
  token = (await registerTrader(t.baseUrl)).token;
});
afterAll(async () => {
  await t?.close();
});

/** A fresh picture's signed link and its signature. */
async function signedLink(): Promise<{ url: string; sig: string }> {
  const res = await upload(t.baseUrl, token, await jpegWithExif());
  const { url } = res.body.data as { url: string };
  const sig = new URL(url, 'http://x').searchParams.get('sig') ?? '';
  expect(sig.length).toBeGreaterThan(20);
  return { url, sig };
}

/** The log lines of one request, once its `last` line (the access log's end) has been written. */
async function logged(path: string, last = 'request completed'): Promise<string> {
  const from = lines.length;
  const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: token, lang: 'en' } });
  await res.text();
  // "request completed" is written once the answer has gone: wait for that line, not for a time.
  while (!lines.slice(from).some((l) => l.includes(last))) {
    await new Promise<void>((resolve) => {
      written = resolve;
    });
  }
  return lines.slice(from).join('\n');
}

describe('signed picture links in the log', () => {
  it('redacts the signature of a link in a query parameter, url-encoded once or twice, or written plain', async () => {
    const forms: Array<(url: string) => string> = [
      (url) => encodeURIComponent(url),
      (url) => encodeURIComponent(encodeURIComponent(url)),
      (url) => url,
    ];
    for (const form of forms) {
      const { url, sig } = await signedLink();
      const log = await logged(`/api/quickCharge/wire_submit?number=25&wire_id=1&proofImg=${form(url)}&t=1`);
      expect(log, form(url)).toContain('wire_submit');
      expect(log, form(url)).toContain('[redacted]');
      expect(log, form(url)).not.toContain(sig);
    }
  });

  it('redacts it in a URL the router refuses (the error quotes the URL) and in a picture request', async () => {
    const { url, sig } = await signedLink();
    const refused = await logged(`/api/%zz?proofImg=${encodeURIComponent(url)}`, 'malformed request');
    expect(refused).toContain('[redacted]');
    expect(refused).not.toContain(sig);
    const picture = await logged(url);
    expect(picture).toContain('/api/common/image/');
    expect(picture).not.toContain(sig);
  });

  it('redacts it wherever a feature logs it: a header, a body, a message', async () => {
    const { url, sig } = await signedLink();
    const from = lines.length;
    t.server.app.log.warn(
      { headers: { referer: `https://app.example${url}` }, body: { proofImg: url, note: `see ${url}` } },
      `picture at ${url}`,
    );
    const log = lines.slice(from).join('\n');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain(sig);
    expect(lines.every((line) => !line.includes(sig))).toBe(true);
  });
});
