import { createHash, createHmac } from 'node:crypto';

/**
 * The daily salt (Plausible-style): derived from the service secret and the UTC date, so it
 * rotates at midnight UTC, is the same on every instance without coordination, and yesterday's
 * hashes cannot be linked to today's. Nothing needs to be stored or deleted.
 */
export function dailySalt(secret: string, at: Date): string {
  return createHmac('sha256', secret)
    .update(`insights-visitor-salt:${at.toISOString().slice(0, 10)}`)
    .digest('hex');
}

/**
 * Privacy-preserving visitor key: sha256(daily salt + site + ip + user agent), hex. The raw IP
 * is only an input here and is never stored; the same visitor gets a new hash every day.
 */
export function visitorHash(salt: string, siteId: string, ip: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${siteId}\n${ip}\n${userAgent}`).digest('hex');
}
