import { OutboundAddressPolicy } from '../src/outbound';

// Classification only: no packet is sent to any of these addresses. Every outbound check (imports,
// OpenAPI URLs, Git remotes, webhook creation and delivery) asks this one policy.
describe('OutboundAddressPolicy', () => {
  const strict = new OutboundAddressPolicy([]);

  const refused: [string, string][] = [
    // IPv4
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'shared address space (CGNAT)'],
    ['0.0.0.0', 'this network'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6 outside global unicast 2000::/3
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::127.0.0.2', 'IPv4-compatible (deprecated)'],
    ['::7f00:1', 'IPv4-compatible, hex'],
    ['::8.8.8.8', 'IPv4-compatible, even of a public address'],
    ['::ffff:0:7f00:1', 'IPv4-translated (RFC 6145)'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback, dotted'],
    ['64:ff9b::a00:1', 'NAT64 of private'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
    ['64:ff9b:1::1', 'local-use NAT64 64:ff9b:1::/48'],
    ['64:ff9b:1::808:808', 'local-use NAT64, even of a public address'],
    ['100::1', 'discard-only 100::/64'],
    ['100:0:0:1::1', 'dummy prefix 100:0:0:1::/64'],
    ['5f00::1', 'SRv6 SIDs 5f00::/16'],
    ['fc00::1', 'unique local fc00::/7'],
    ['fd12:3456:789a::1', 'unique local fd00::/8'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local, top of fe80::/10'],
    ['fec0::1', 'site-local (deprecated) fec0::/10'],
    ['feff::1', 'site-local, top of fec0::/10'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast, global scope'],
    ['4000::1', 'unassigned, outside 2000::/3'],
    ['e000::1', 'unassigned, outside 2000::/3'],
    ['1000::1', 'unassigned, outside 2000::/3'],
    // IPv6 inside 2000::/3 but not globally reachable
    ['2001::1', 'Teredo 2001::/32'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:1::1', 'IETF protocol assignments 2001::/23'],
    ['2001:2::1', 'benchmarking 2001:2::/48'],
    ['2001:10::1', 'ORCHID (deprecated) 2001:10::/28'],
    ['2001:20::1', 'ORCHIDv2 2001:20::/28'],
    ['2001:1ff::1', 'top of 2001::/23'],
    ['2001:db8::1', 'documentation 2001:db8::/32'],
    ['3fff::1', 'documentation 3fff::/20'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a00:1::1', '6to4 of private'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2002:a9fe:a9fe::1', '6to4 of metadata'],
    ['2002::1', '6to4 of 0.0.0.0'],
    // Not an address
    ['example.com', 'a name (resolved first, then each address judged)'],
    ['', 'empty'],
  ];

  const allowed: [string, string][] = [
    ['8.8.8.8', 'public IPv4'],
    ['1.1.1.1', 'public IPv4'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['64:ff9b::808:808', 'NAT64 of a public IPv4'],
    ['64:ff9b::8.8.8.8', 'NAT64 of a public IPv4, dotted'],
    ['2606:4700:4700::1111', 'global unicast'],
    ['2a00:1450:4001::1', 'global unicast'],
    ['2001:4860:4860::8888', 'global unicast just above 2001::/23'],
    ['2002:808:808::1', '6to4 of a public IPv4'],
    ['3ffe::1', 'global unicast below 3fff::/20'],
  ];

  it.each(refused)('refuses %s (%s)', (address) => {
    expect(strict.allowsAddress(address)).toBe(false);
  });

  it.each(allowed)('allows %s (%s)', (address) => {
    expect(strict.allowsAddress(address)).toBe(true);
  });

  it('allows what the operator allow-listed, by address or CIDR, in any form of the same address', () => {
    const policy = new OutboundAddressPolicy(['127.0.0.1', 'fd00::/8', '[fec0::1]']);
    expect(policy.allowsAddress('127.0.0.1')).toBe(true);
    expect(policy.allowsAddress('::ffff:127.0.0.1')).toBe(true);
    expect(policy.allowsAddress('127.0.0.2')).toBe(false);
    expect(policy.allowsAddress('fd12::1')).toBe(true);
    expect(policy.allowsAddress('fc00::1')).toBe(false);
    expect(policy.allowsAddress('fec0::1')).toBe(true);
    expect(policy.allowsAddress('fec0::2')).toBe(false);
  });

  it('judges the host of URLs as written, brackets removed by the caller', () => {
    // WHATWG URL parsing turns these into the hex forms the fetcher and the webhook check see.
    expect(new URL('http://[::127.0.0.2]:8080/').hostname).toBe('[::7f00:2]');
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
    for (const url of ['http://[::127.0.0.2]:8080/', 'http://[::7f00:1]/', 'http://[fec0::1]/', 'http://[64:ff9b:1::1]/', 'http://[::ffff:127.0.0.1]/']) {
      expect(strict.allowsAddress(new URL(url).hostname.slice(1, -1))).toBe(false);
    }
  });
});
