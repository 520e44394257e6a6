import type { IncomingMessage } from 'node:http';
import { requestHeader } from './plain-request';

/**
 * The client of a request the gateway forwarded: the LAST `x-forwarded-for` hop. The gateway writes
 * that header itself, ending it with the client it counted (its socket peer, or the client a trusted
 * proxy named: TRUSTED_PROXIES); earlier hops came from a proxy's chain and never choose an address.
 * Without the header (a request not through the gateway) the socket peer. IPv4-mapped IPv6 is
 * written as the IPv4 address it carries.
 */
export function clientAddressOf(req: Pick<IncomingMessage, 'headers'> & { socket: { remoteAddress?: string | undefined } }): string {
  const hops = requestHeader(req, 'x-forwarded-for')?.split(',') ?? [];
  const last = hops[hops.length - 1]?.trim() || req.socket.remoteAddress || '';
  return last.startsWith('::ffff:') ? last.slice(7) : last;
}
