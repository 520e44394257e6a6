import ipaddr from 'ipaddr.js';
import { parseAddress } from './global-address';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * A set of IP addresses and CIDR ranges, IPv4 and IPv6, as an operator writes them in a setting
 * (OUTBOUND_ALLOW_HOSTS, TRUSTED_PROXIES). An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, what a
 * dual-stack socket reports for an IPv4 peer) is matched as the IPv4 address it carries.
 */
export class AddressRanges {
  private readonly ranges: [Address, number][] = [];
  /** The entries that are neither an address nor a CIDR range (host names, or mistakes). */
  readonly others: string[] = [];

  constructor(entries: readonly string[] = []) {
    for (const entry of entries.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
      const range = entry.includes('/') ? parseRange(entry) : singleAddress(unbracket(entry));
      if (range) this.ranges.push(range);
      else this.others.push(entry);
    }
  }

  get isEmpty(): boolean {
    return this.ranges.length === 0;
  }

  includes(address: string): boolean {
    // The gateway asks this of every request's peer; with no trusted proxies there is nothing to parse it for.
    if (this.ranges.length === 0) return false;
    const written = parseAddress(unbracket(address.trim()));
    if (!written) return false;
    return this.includesParsed(asIPv4IfMapped(written));
  }

  includesParsed(address: Address): boolean {
    return this.ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
  }
}

export function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

export function asIPv4IfMapped(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

function parseRange(entry: string): [Address, number] | null {
  try {
    const [range, bits] = ipaddr.parseCIDR(entry);
    // `::ffff:10.0.0.0/104` names the IPv4 range 10.0.0.0/8, as a mapped peer is matched.
    if (range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) return [(range as ipaddr.IPv6).toIPv4Address(), bits - 96];
    return [range, bits];
  } catch {
    return null;
  }
}

function singleAddress(address: string): [Address, number] | null {
  const written = parseAddress(address);
  if (!written) return null;
  const parsed = asIPv4IfMapped(written);
  return [parsed, parsed.kind() === 'ipv4' ? 32 : 128];
}
