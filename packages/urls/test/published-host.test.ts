import { hostNameOf, isApiHost } from '../src/published-host';

describe('isApiHost', () => {
  const publicUrl = 'https://quire.example.com/';

  it("is Quire's own host: PUBLIC_URL's, localhost, IP addresses and single-label service names", () => {
    for (const host of [
      'quire.example.com',
      'QUIRE.example.com:443',
      'quire.example.com.',
      'localhost:8080',
      '127.0.0.1:8080',
      '10.0.0.7',
      '[::1]:8080',
      'gateway:8080',
      '',
      undefined,
    ])
      expect([host, isApiHost(host, publicUrl)]).toEqual([host, true]);
  });

  it('is a published site for any other domain name', () => {
    for (const host of ['docs.example.com', 'docs.example.com:8080', 'quire.example.com.evil.org'])
      expect([host, isApiHost(host, publicUrl)]).toEqual([host, false]);
  });

  it('reads host names without port, case or trailing dot', () => {
    expect(hostNameOf('Docs.Example.COM.:8443')).toBe('docs.example.com');
    expect(hostNameOf('[2001:db8::1]:80')).toBe('2001:db8::1');
  });
});
