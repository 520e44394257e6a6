import { lookup } from 'node:dns/promises';
import { badRequest } from '@quire/errors';
import { withTimeout } from '@quire/helpers';
import { isIpLiteral, unbracket, type OutboundAddressPolicy } from '@quire/platform/outbound';

/** How a host name resolves (node's dns.lookup, all addresses); replaced in tests. */
export type Resolve = (hostname: string) => Promise<string[]>;

/** A name that does not resolve within this is refused (the request must not hang on a dead DNS server). */
const RESOLVE_TIMEOUT_MS = 5000;

export const resolveAll: Resolve = async (hostname) => (await withTimeout(lookup(hostname, { all: true }), RESOLVE_TIMEOUT_MS)).map((a) => a.address);

/**
 * Refuses a webhook URL whose host is, or resolves to, a private, loopback, link-local or reserved
 * address that OUTBOUND_ALLOW_HOSTS does not list (a 400 naming `url`). Checked again at every
 * delivery, after DNS, by the outbound module: a name that later resolves elsewhere is refused then.
 */
export async function checkEndpointAddress(policy: OutboundAddressPolicy, url: string, resolve: Resolve = resolveAll): Promise<void> {
  const hostname = unbracket(new URL(url).hostname);
  if (policy.allowsHost(hostname)) return;
  let addresses: string[];
  if (isIpLiteral(hostname)) addresses = [hostname];
  else {
    try {
      addresses = await resolve(hostname);
    } catch {
      throw invalidUrl(`the host ${hostname} does not resolve`);
    }
  }
  const refused = addresses.find((address) => !policy.allowsAddress(address));
  if (refused !== undefined || addresses.length === 0) {
    throw invalidUrl(
      `${hostname} is (or resolves to) ${refused ?? 'no address'}, a private, loopback, link-local or reserved address that is not allow-listed`,
    );
  }
}

const invalidUrl = (why: string) => badRequest(`Invalid body field "url": ${why}`);
