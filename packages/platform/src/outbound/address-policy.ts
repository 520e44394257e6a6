import { AddressRanges, asIPv4IfMapped, unbracket } from './address-ranges';
import { isGlobalAddress, parseAddress } from './global-address';

/**
 * Which addresses an outbound fetch may connect to: globally reachable unicast addresses
 * (global-address.ts), plus the hosts, addresses and CIDR ranges an operator allow-listed
 * (OUTBOUND_ALLOW_HOSTS). Private, loopback, link-local, multicast and reserved ranges, in every
 * IPv4 and IPv6 form, are refused otherwise.
 */
export class OutboundAddressPolicy {
  private readonly ranges: AddressRanges;
  private readonly hosts: Set<string>;

  constructor(allowList: readonly string[] = []) {
    this.ranges = new AddressRanges(allowList);
    this.hosts = new Set(this.ranges.others);
  }

  /** An allow-listed host name is trusted whatever it resolves to (the operator named it). */
  allowsHost(hostname: string): boolean {
    return this.hosts.has(unbracket(hostname).toLowerCase());
  }

  allowsAddress(address: string): boolean {
    const written = parseAddress(address);
    if (!written) return false;
    const parsed = asIPv4IfMapped(written); // IPv4-mapped IPv6 is judged as the IPv4 it carries
    return this.ranges.includesParsed(parsed) || isGlobalAddress(parsed);
  }
}

export function isIpLiteral(hostname: string): boolean {
  return parseAddress(unbracket(hostname)) !== null;
}
