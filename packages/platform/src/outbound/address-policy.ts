import ipaddr from 'ipaddr.js';
import { isGlobalAddress, parseAddress } from './global-address';

/**
 * Which addresses an outbound fetch may connect to: globally reachable unicast addresses
 * (global-address.ts), plus the hosts, addresses and CIDR ranges an operator allow-listed
 * (OUTBOUND_ALLOW_HOSTS). Private, loopback, link-local, multicast and reserved ranges, in every
 * IPv4 and IPv6 form, are refused otherwise.
 */
export class OutboundAddressPolicy {
  private readonly hosts = new Set<string>();
  private readonly ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];

  constructor(allowList: readonly string[] = []) {
    for (const entry of allowList.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
      if (entry.includes('/') && isCidr(entry)) this.ranges.push(ipaddr.parseCIDR(entry));
      else if (parseAddress(unbracket(entry))) this.ranges.push(singleAddress(unbracket(entry)));
      else this.hosts.add(entry);
    }
  }

  /** An allow-listed host name is trusted whatever it resolves to (the operator named it). */
  allowsHost(hostname: string): boolean {
    return this.hosts.has(unbracket(hostname).toLowerCase());
  }

  allowsAddress(address: string): boolean {
    const written = parseAddress(address);
    if (!written) return false;
    const parsed = asIPv4IfMapped(written); // IPv4-mapped IPv6 is judged as the IPv4 it carries
    if (this.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits))) return true;
    return isGlobalAddress(parsed);
  }
}

export function isIpLiteral(hostname: string): boolean {
  return parseAddress(unbracket(hostname)) !== null;
}

export function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function isCidr(entry: string): boolean {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

function asIPv4IfMapped(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

function singleAddress(address: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const parsed = asIPv4IfMapped(parseAddress(address)!);
  return [parsed, parsed.kind() === 'ipv4' ? 32 : 128];
}
