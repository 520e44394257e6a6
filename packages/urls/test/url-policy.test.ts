import fc from 'fast-check';
import { imageUrl, linkUrl } from '../src/url-policy';
import { disguisedUnsafeAddress, escapedSafeAddress, isSafeWhenDecoded } from './disguised-addresses';

describe('the URL policy on the decoded form', () => {
  it('refuses a scheme disguised by percent escapes, character references or blanks', () => {
    for (const url of [
      '%6Aavascript:alert(1)',
      '%6aavascript:alert(1)',
      'j%61vascript:alert(1)',
      'javascript%3Aalert(1)',
      '%256Aavascript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'javascript&colon;alert(1)',
      'java%09script:alert(1)',
      'java&Tab;script:alert(1)',
      '%20javascript:alert(1)',
      '%64ata:text/html,<script>alert(1)</script>',
      '%68ttps://disguised.example.test',
    ]) {
      expect({ url, link: linkUrl(url), image: imageUrl(url) }).toEqual({ url, link: undefined, image: undefined });
    }
  });

  it('refuses every encoding of an unsafe scheme (property)', () => {
    fc.assert(
      fc.property(disguisedUnsafeAddress, (url) => {
        expect(linkUrl(url)).toBeUndefined();
        expect(imageUrl(url)).toBeUndefined();
      }),
      { numRuns: 2000, seed: 4204 },
    );
  });

  it('never answers an href whose decoded form has another scheme than http(s) or mailto (property)', () => {
    fc.assert(
      fc.property(fc.oneof(disguisedUnsafeAddress, escapedSafeAddress, fc.string({ maxLength: 24 })), (url) => {
        const href = linkUrl(url)?.href;
        if (href !== undefined) expect({ url, href, safe: isSafeWhenDecoded(href) }).toEqual({ url, href, safe: true });
      }),
      { numRuns: 2000, seed: 4205 },
    );
  });

  it('keeps honest addresses with escapes after their scheme as links (property)', () => {
    fc.assert(
      fc.property(escapedSafeAddress, (url) => {
        expect(linkUrl(url)).toBeDefined();
      }),
      { numRuns: 500, seed: 4206 },
    );
    expect(linkUrl('https://example.test/a%20b?q=100%25#x')).toEqual({ href: 'https://example.test/a%20b?q=100%25#x', external: true });
    expect(linkUrl('/wiki/Help%3AContents')).toEqual({ href: '/wiki/Help%3AContents', external: false });
  });
});
