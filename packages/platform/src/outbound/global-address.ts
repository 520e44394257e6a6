import ipaddr from 'ipaddr.js';

// Which addresses are reachable on the public Internet, by allow-list: an IPv4 address must be in
// ipaddr.js's `unicast` (none of its private, loopback, link-local, CGNAT, multicast, reserved,
// benchmarking, documentation… ranges); an IPv6 address must be global unicast (2000::/3) and in none
// of the blocks below. Anything else — ::, ::1, IPv4-compatible ::a.b.c.d, 64:ff9b:1::/48, 100::/64,
// 5f00::/16, fc00::/7, fe80::/10, fec0::/10, ff00::/8, … — is outside 2000::/3 and so refused, with
// two exceptions that carry an IPv4 address and are judged by it: IPv4-mapped ::ffff:a.b.c.d and the
// well-known NAT64 prefix 64:ff9b::/96. Sources: the IANA IPv6 Special-Purpose Address Registry
// (entries not "globally reachable") and RFC 4291.

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/** Blocks of 2000::/3 that are not globally reachable, or hold no host a request should go to. */
const NOT_GLOBAL_IPV6 = [
  // IETF protocol assignments (RFC 2928): Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID
  // 2001:10::/28 and ORCHIDv2 2001:20::/28 (identifiers, not locators), AMT, AS112, DRIP… anycast
  // services, never a webhook receiver or a document host.
  '2001::/23',
  '2001:db8::/32', // documentation (RFC 3849)
  '3fff::/20', // documentation (RFC 9637)
].map((cidr) => ipaddr.parseCIDR(cidr) as [ipaddr.IPv6, number]);

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16') as [ipaddr.IPv6, number];

/** Whether a parsed address is one a request may reach on the public Internet (see above). */
export function isGlobalAddress(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isGlobalAddress(v6.toIPv4Address());
  // A NAT64 gateway forwards to the IPv4 address in the last 32 bits (RFC 6052).
  if (v6.match(NAT64)) return isGlobalAddress(embeddedIPv4(v6, 6));
  if (!v6.match(GLOBAL_UNICAST)) return false;
  if (NOT_GLOBAL_IPV6.some((block) => v6.match(block))) return false;
  // 6to4 (RFC 3056): a relay forwards to the IPv4 address in bits 16–47.
  if (v6.match(SIX_TO_FOUR)) return isGlobalAddress(embeddedIPv4(v6, 1));
  return true;
}

/**
 * An address in its text form, or null. IPv4 only as four decimal parts (what DNS answers and URL
 * parsing give); an IPv6 address ending in a dotted IPv4 is read as the 128 bits it writes:
 * ipaddr.js reads `::a.b.c.d` (IPv4-compatible, deprecated) as `::ffff:a.b.c.d` (IPv4-mapped), which
 * would let `::8.8.8.8`-style forms be judged by their IPv4 part.
 */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!text.includes(':')) return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : null;
  const colon = text.lastIndexOf(':');
  const tail = text.slice(colon + 1);
  let hex = text;
  if (tail.includes('.')) {
    if (!ipaddr.IPv4.isValidFourPartDecimal(tail)) return null;
    const [a, b, c, d] = ipaddr.IPv4.parse(tail).octets as [number, number, number, number];
    hex = `${text.slice(0, colon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  return ipaddr.IPv6.isValid(hex) ? ipaddr.IPv6.parse(hex) : null;
}

/** The IPv4 address in the two 16-bit parts of an IPv6 address from `part`. */
function embeddedIPv4(address: ipaddr.IPv6, part: number): ipaddr.IPv4 {
  const [high, low] = [address.parts[part]!, address.parts[part + 1]!];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
