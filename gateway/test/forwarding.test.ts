import { AddressRanges } from '@quire/platform/outbound';
import { forwardingOf } from '../src/proxy/forwarding';

// Which X-Forwarded-* headers the gateway believes (TRUSTED_PROXIES): a client's own are replaced
// from the socket; a trusted proxy's chain is kept up to the client it names.

const spoofed = { host: 'docs.a.test', 'x-forwarded-for': '6.6.6.6, 7.7.7.7', 'x-forwarded-host': 'docs.b.test', 'x-forwarded-proto': 'https' };

describe('forwardingOf', () => {
  it('replaces every forwarding header a client sent when no proxy is trusted (the default)', () => {
    for (const remoteAddress of ['203.0.113.9', '::ffff:203.0.113.9']) {
      expect(forwardingOf({ headers: spoofed, remoteAddress }, new AddressRanges([]))).toEqual({
        forwardedFor: '203.0.113.9',
        host: 'docs.a.test',
        proto: 'http',
        client: '203.0.113.9',
        isFromTrustedProxy: false,
      });
    }
  });

  it('replaces them from a peer outside the trusted ranges', () => {
    const trusted = new AddressRanges(['10.0.0.0/8', 'fd00::/8']);
    for (const remoteAddress of ['11.0.0.1', '2001:db8::1', '::ffff:11.0.0.1'])
      expect(forwardingOf({ headers: spoofed, remoteAddress }, trusted)).toMatchObject({
        forwardedFor: remoteAddress.replace('::ffff:', ''),
        host: 'docs.a.test',
        isFromTrustedProxy: false,
      });
  });

  it('keeps a trusted proxy’s chain up to the client it names, with its host and scheme', () => {
    for (const [ranges, remoteAddress] of [
      [['10.0.0.0/8'], '10.1.2.3'],
      [['10.1.2.3'], '::ffff:10.1.2.3'],
      [['::ffff:10.0.0.0/104'], '10.1.2.3'],
      [['fd00::/8'], 'fd00::5'],
      [['fd00::5'], 'fd00::5'],
    ] as const) {
      expect(forwardingOf({ headers: spoofed, remoteAddress }, new AddressRanges(ranges))).toEqual({
        forwardedFor: '6.6.6.6, 7.7.7.7',
        host: 'docs.b.test',
        proto: 'https',
        client: '7.7.7.7',
        isFromTrustedProxy: true,
      });
    }
  });

  it('skips every trusted hop from the right: the client is the last address no trusted proxy has', () => {
    const trusted = new AddressRanges(['10.0.0.0/8', '192.0.2.1']);
    const headers = { host: 'docs.a.test', 'x-forwarded-for': '6.6.6.6, 7.7.7.7, 192.0.2.1, 10.0.0.9' };
    expect(forwardingOf({ headers, remoteAddress: '10.0.0.1' }, trusted)).toMatchObject({ forwardedFor: '6.6.6.6, 7.7.7.7', client: '7.7.7.7' });
    // A trusted proxy that forwarded nothing: the proxy is the client; the Host is the host; a scheme other than https is http.
    expect(forwardingOf({ headers: { host: 'docs.a.test', 'x-forwarded-proto': 'gopher' }, remoteAddress: '10.0.0.1' }, trusted)).toEqual({
      forwardedFor: '10.0.0.1',
      host: 'docs.a.test',
      proto: 'http',
      client: '10.0.0.1',
      isFromTrustedProxy: true,
    });
  });
});

describe('AddressRanges', () => {
  it('matches IPv4 and IPv6 addresses and CIDR ranges, IPv4-mapped IPv6 as its IPv4 address, and sets host names apart', () => {
    const ranges = new AddressRanges(['10.0.0.0/8', '192.0.2.7', '[2001:db8::1]', 'fd00::/8', 'proxy.internal', 'not/a-cidr']);
    for (const address of ['10.9.9.9', '::ffff:10.9.9.9', '192.0.2.7', '2001:db8::1', 'fd12::1'])
      expect([address, ranges.includes(address)]).toEqual([address, true]);
    for (const address of ['11.0.0.1', '192.0.2.8', '2001:db8::2', 'fe80::1', 'proxy.internal', '', 'garbage'])
      expect([address, ranges.includes(address)]).toEqual([address, false]);
    expect(ranges.others).toEqual(['proxy.internal', 'not/a-cidr']);
    expect(new AddressRanges([]).isEmpty).toBe(true);
  });
});
