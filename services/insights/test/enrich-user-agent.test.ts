import { countryOf, parseUserAgent, USER_AGENT_CACHE_SIZE } from '../src/modules/insights/domain/enrich';
import { dailySalt as saltOf, visitorHash } from '@quire/helpers';

const dailySalt = (secret: string, at: Date) => saltOf(secret, at, 'insights-visitor-salt');

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const EDGE_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51';
const FIREFOX_ANDROID_TABLET = 'Mozilla/5.0 (Android 14; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('enrichment', () => {
  it('maps user agents to the reference browser, OS and device values', () => {
    expect(parseUserAgent(CHROME_MAC)).toEqual({ browser: 'chrome', os: 'macos', device: 'desktop', isBot: false });
    expect(parseUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'safari', os: 'ios', device: 'mobile', isBot: false });
    expect(parseUserAgent(EDGE_WINDOWS)).toEqual({ browser: 'edge', os: 'windows', device: 'desktop', isBot: false });
    expect(parseUserAgent(FIREFOX_ANDROID_TABLET)).toMatchObject({ browser: 'firefox', os: 'android', device: 'tablet' });
    expect(parseUserAgent('')).toEqual({ browser: 'unknown', os: 'unknown', device: 'unknown', isBot: false });
  });

  it('answers the same from its bounded memo, also after it filled up', () => {
    const first = parseUserAgent(SAFARI_IPHONE);
    expect(parseUserAgent(SAFARI_IPHONE)).toBe(first);
    for (let i = 0; i <= USER_AGENT_CACHE_SIZE; i++) parseUserAgent(`${GOOGLEBOT} #${i}`);
    expect(parseUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'safari', os: 'ios', device: 'mobile', isBot: false });
    expect(parseUserAgent(`${GOOGLEBOT} #1`).isBot).toBe(true);
  });

  it('flags bots', () => {
    expect(parseUserAgent(GOOGLEBOT).isBot).toBe(true);
  });

  it('finds countries offline and nothing for private addresses', () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('127.0.0.1')).toBe('');
    expect(countryOf('')).toBe('');
  });

  it('hashes visitors with a salt that rotates at midnight UTC', () => {
    const day1 = dailySalt('secret-secret-secret', new Date('2026-01-01T00:00:00Z'));
    expect(dailySalt('secret-secret-secret', new Date('2026-01-01T23:59:59Z'))).toBe(day1);
    const day2 = dailySalt('secret-secret-secret', new Date('2026-01-02T00:00:00Z'));
    expect(day2).not.toBe(day1);
    const hash = visitorHash(day1, 'site', '1.2.3.4', 'ua');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorHash(day1, 'site', '1.2.3.4', 'ua')).toBe(hash);
    expect(visitorHash(day2, 'site', '1.2.3.4', 'ua')).not.toBe(hash);
    expect(visitorHash(day1, 'other', '1.2.3.4', 'ua')).not.toBe(hash);
  });

  it('keeps the values it gave before (aggregates stored under them must keep matching)', () => {
    const salt = dailySalt('secret-secret-secret', new Date('2026-11-28T13:45:00Z'));
    expect(salt).toBe('3662ffa84e74401ddeb25ea12896ec9dd13634c60dfd5f6827ff95db536fe868');
    expect(visitorHash(salt, 'site1', '203.0.113.7', 'Mozilla/5.0 (X11)')).toBe('67ffcccd313e00d15403f059303caa3e65ea5b7c08f85e13d64a8f94a2f1bb88');
  });
});
