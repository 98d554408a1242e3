import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressResolver } from './client-address.js';

const req = (peer: string, xff?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  }) as unknown as IncomingMessage;

describe('the client address of a socket upgrade, as TRUST_PROXY says', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddressResolver(false)(req('203.0.113.9', '1.2.3.4'))).toBe('203.0.113.9');
    expect(clientAddressResolver(false)(req('::ffff:203.0.113.9'))).toBe('203.0.113.9');
  });

  it('walks the forwarded chain: every hop, the nearest N, or listed proxies', () => {
    const r = req('10.0.0.2', '198.51.100.7, 10.0.0.1');
    expect(clientAddressResolver(true)(r)).toBe('198.51.100.7');
    expect(clientAddressResolver(1)(r)).toBe('10.0.0.1');
    expect(clientAddressResolver(2)(r)).toBe('198.51.100.7');
    expect(clientAddressResolver('10.0.0.0/8')(r)).toBe('198.51.100.7');
    expect(clientAddressResolver('10.0.0.2')(r)).toBe('10.0.0.1');
    // A spoofed entry to the left of the first untrusted hop is ignored.
    expect(clientAddressResolver('10.0.0.0/8')(req('10.0.0.2', '6.6.6.6, 198.51.100.7'))).toBe(
      '198.51.100.7',
    );
    // A peer that is not a trusted proxy is the client.
    expect(clientAddressResolver('10.0.0.0/8')(req('192.0.2.1', '198.51.100.7'))).toBe('192.0.2.1');
  });
});
