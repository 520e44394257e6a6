import { dailySalt, visitorHash } from '../src';

// One daily salt and one visitor hash for insights and the reader. The values are pinned: insights'
// stored aggregates and the reader's cookieless visitor ids must keep matching what was computed before.

const SECRET = 'secret-secret-secret';
const AT = new Date('2026-11-28T13:45:00Z');

describe('visitor hash', () => {
  it('gives the values insights gave before', () => {
    const salt = dailySalt(SECRET, AT, 'insights-visitor-salt');
    expect(salt).toBe('3662ffa84e74401ddeb25ea12896ec9dd13634c60dfd5f6827ff95db536fe868');
    expect(visitorHash(salt, 'site1', '203.0.113.7', 'Mozilla/5.0 (X11)')).toBe('67ffcccd313e00d15403f059303caa3e65ea5b7c08f85e13d64a8f94a2f1bb88');
  });

  it('gives the values the reader gave before (its ids are the first 32 characters)', () => {
    const salt = dailySalt(SECRET, AT, 'reader-visitor-salt');
    expect(salt).toBe('d71ef4888ab0145472bdef8c5671edd1e789b3fd02a6c43ec0603160c55241ab');
    expect(visitorHash(salt, 'site1', '203.0.113.7', 'Mozilla/5.0 (X11)').slice(0, 32)).toBe('b9dacb785f389b315baa51c99c4b05a8');
  });

  it('rotates the salt at midnight UTC, per purpose and secret, whatever was asked before', () => {
    const day = dailySalt(SECRET, AT, 'insights-visitor-salt');
    expect(dailySalt(SECRET, new Date('2026-11-28T23:59:59Z'), 'insights-visitor-salt')).toBe(day);
    expect(dailySalt(SECRET, new Date('2026-11-29T00:00:00Z'), 'insights-visitor-salt')).not.toBe(day);
    expect(dailySalt('another-secret-value', AT, 'insights-visitor-salt')).not.toBe(day);
    expect(dailySalt(SECRET, AT, 'reader-visitor-salt')).not.toBe(day);
    expect(dailySalt(SECRET, AT, 'insights-visitor-salt')).toBe(day);
  });
});
