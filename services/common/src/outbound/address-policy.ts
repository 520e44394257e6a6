import ipaddr from 'ipaddr.js';

/**
 * Which addresses an outbound fetch may connect to: public unicast addresses, plus the hosts,
 * addresses and CIDR ranges an operator allow-listed (OUTBOUND_ALLOW_HOSTS). Private, loopback,
 * link-local, multicast and reserved ranges are refused otherwise.
 */
export class OutboundAddressPolicy {
  private readonly hosts = new Set<string>();
  private readonly ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];

  constructor(allowList: readonly string[] = []) {
    for (const entry of allowList.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
      if (entry.includes('/') && isCidr(entry)) this.ranges.push(ipaddr.parseCIDR(entry));
      else if (ipaddr.isValid(unbracket(entry))) this.ranges.push(singleAddress(unbracket(entry)));
      else this.hosts.add(entry);
    }
  }

  /** An allow-listed host name is trusted whatever it resolves to (the operator named it). */
  allowsHost(hostname: string): boolean {
    return this.hosts.has(unbracket(hostname).toLowerCase());
  }

  allowsAddress(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address); // IPv4-mapped IPv6 is judged as the IPv4 it carries
    if (this.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits))) return true;
    return parsed.range() === 'unicast';
  }
}

export function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(unbracket(hostname));
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

function singleAddress(address: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const parsed = ipaddr.process(address);
  return [parsed, parsed.kind() === 'ipv4' ? 32 : 128];
}
