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
  let trusted: (address: string, hop: number) => boolean;
  if (trustProxy === true) trusted = () => true;
  else if (typeof trustProxy === 'number') trusted = (_address, hop) => hop < trustProxy;
  else {
    const list = new BlockList();
    for (const entry of trustProxy.split(',')) {
      const [ip = '', bits] = entry.trim().split('/');
      const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
      if (isIP(ip) === 0) continue;
      if (bits === undefined) list.addAddress(ip, type);
      else list.addSubnet(ip, Number(bits), type);
    }
    trusted = (address) => {
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
    };
  }
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
