import type { IncomingHttpHeaders } from 'node:http';
import type { AddressRanges } from '@quire/platform/outbound';

/** What the gateway forwards about a request's origin, and the client it stands for. */
export interface Forwarding {
  /** `X-Forwarded-For` as the services get it: its last hop is the client. */
  forwardedFor: string;
  /** `X-Forwarded-Host`: the host the visitor asked for. */
  host: string | undefined;
  /** `X-Forwarded-Proto`: `http` or `https`. */
  proto: 'http' | 'https';
  /** The client's address: what per-address limits count and visits record. */
  client: string;
  /** The peer is a trusted proxy, so the answer may depend on the forwarding headers it set. */
  isFromTrustedProxy: boolean;
}

/**
 * The forwarding headers of a request, by who sent it (TRUSTED_PROXIES). Anyone may write
 * `X-Forwarded-*`, so from any other peer they are replaced: the client is the socket's peer, the
 * host its Host header, the scheme the gateway's own (plain HTTP). From a trusted proxy the chain it
 * passes on is kept: the client is the last hop that is not itself a trusted proxy, and the hops
 * after it (trusted proxies) are dropped, so the last hop the services read is the client.
 */
export function forwardingOf(request: { headers: IncomingHttpHeaders; remoteAddress: string | undefined }, trustedProxies: AddressRanges): Forwarding {
  const { headers } = request;
  const peer = withoutIPv4Mapping(request.remoteAddress ?? '');
  if (!trustedProxies.includes(peer)) return { forwardedFor: peer, host: headers.host, proto: 'http', client: peer, isFromTrustedProxy: false };
  const chain = [...listOf(headers['x-forwarded-for']).map(withoutIPv4Mapping), peer];
  let clientAt = chain.length - 1;
  while (clientAt > 0 && trustedProxies.includes(chain[clientAt] as string)) clientAt--;
  const proto = listOf(headers['x-forwarded-proto'])[0]?.toLowerCase();
  return {
    forwardedFor: chain.slice(0, clientAt + 1).join(', '),
    host: listOf(headers['x-forwarded-host'])[0] ?? headers.host,
    proto: proto === 'https' ? 'https' : 'http',
    client: chain[clientAt] as string,
    isFromTrustedProxy: true,
  };
}

/** The forwarding headers written over whatever the client sent. */
export function applyForwarding(headers: IncomingHttpHeaders, forwarding: Forwarding): void {
  headers['x-forwarded-for'] = forwarding.forwardedFor;
  headers['x-forwarded-proto'] = forwarding.proto;
  if (forwarding.host) headers['x-forwarded-host'] = forwarding.host;
  else delete headers['x-forwarded-host'];
}

/** A comma-separated header (several lines joined), its items trimmed, empty ones left out. */
function listOf(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function withoutIPv4Mapping(address: string): string {
  return address.toLowerCase().startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
