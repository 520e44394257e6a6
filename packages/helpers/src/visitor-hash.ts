import { createHash, createHmac } from 'node:crypto';

// The cookieless visitor of the day (Plausible-style), as insights aggregates it and the reader
// counts it: nothing is stored, and the same visitor gets a new hash every day.

const lastSalts = new Map<string, { secret: string; day: number; salt: string }>();
const DAY_MS = 86_400_000;

/**
 * The day's salt for `purpose` (each use has its own, so their hashes cannot be joined): an HMAC of
 * the UTC date under `secret`, the same on every copy without coordination and rotating at
 * midnight UTC, so yesterday's hashes cannot be linked to today's.
 */
export function dailySalt(secret: string, at: Date, purpose: string): string {
  const day = Math.floor(at.getTime() / DAY_MS);
  const last = lastSalts.get(purpose);
  // Every served answer asks for it: one HMAC (and one date text) per day, secret and purpose, not one per request.
  if (last?.secret === secret && last.day === day) return last.salt;
  const salt = createHmac('sha256', secret)
    .update(`${purpose}:${at.toISOString().slice(0, 10)}`)
    .digest('hex');
  lastSalts.set(purpose, { secret, day, salt });
  return salt;
}

/** sha256(salt, site, ip, user agent) in hex: the raw address is only an input, never kept. */
export function visitorHash(salt: string, siteId: string, ip: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${siteId}\n${ip}\n${userAgent}`).digest('hex');
}
