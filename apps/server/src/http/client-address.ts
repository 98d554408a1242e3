import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is the IPv4 address it carries. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The client's address as Fastify's `request.ip` would give it under the same TRUST_PROXY, for
 * the places Fastify does not reach (the socket's HTTP upgrade). The chain is the peer, then the
 * X-Forwarded-For entries from the nearest; the first hop not trusted is the client, as in
 * proxy-addr: `true` trusts every hop, a number the nearest N, a list those addresses and CIDRs.
 */
export function clientAddressResolver(
  trustProxy: boolean | number | string,
): (req: IncomingMessage) => string {
  const peer = (req: IncomingMessage) => plain(req.socket.remoteAddress ?? '');
  if (trustProxy === false) return peer;
  const trusted = trustFunction(trustProxy);
  return (req) => {
    const header = req.headers['x-forwarded-for'];
    const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((entry) => plain(entry.trim()))
      .filter((entry) => entry.length > 0)
      .reverse();
    const chain = [peer(req), ...forwarded];
    for (let hop = 0; hop < chain.length - 1; hop++) {
      const address = chain[hop] ?? '';
      if (!trusted(address, hop)) return address;
    }
    return chain[chain.length - 1] ?? '';
  };
}

/** Whether TRUST_PROXY trusts `address` at `hop` (0: the peer itself), as proxy-addr reads it. */
function trustFunction(trustProxy: boolean | number | string): (address: string, hop: number) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  const list = new BlockList();
  for (const entry of trustProxy.split(',')) {
    const [ip = '', bits] = entry.trim().split('/');
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(ip) === 0) continue;
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Whether a TCP peer is a proxy TRUST_PROXY names (its connections carry many clients). */
export function isTrustedPeer(trustProxy: boolean | number | string): (peerAddress: string) => boolean {
  const trusted = trustFunction(trustProxy);
  return (address) => trusted(plain(address), 0);
}
