import { defaultPublicUrl, UrlBuilder } from '@quire/urls';
import { embeddedBanner } from '../src/banner';

describe("npm start's banner", () => {
  it('names the base of every urls field: by default the host the gateway binds', () => {
    const url = defaultPublicUrl(8080);
    const banner = embeddedBanner({ url, publicUrl: url, dataDir: '/data', bootstrap: null });
    const printed = /^Quire is running at (\S+) \(data in \/data\)$/m.exec(banner)?.[1];
    expect(printed).toBe('http://127.0.0.1:8080');
    expect(new UrlBuilder(url).api('/orgs/x')).toBe(`${printed}/v1/orgs/x`);
  });

  it('names PUBLIC_URL when it is set elsewhere, and where this process listens', () => {
    const banner = embeddedBanner({ url: 'http://127.0.0.1:8080', publicUrl: 'https://docs.example.com/', dataDir: '/data', bootstrap: null });
    expect(banner).toMatch(/^Quire is running at https:\/\/docs\.example\.com \(listening on http:\/\/127\.0\.0\.1:8080; data in \/data\)$/m);
  });
});
