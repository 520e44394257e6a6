import { randomUUID } from 'node:crypto';
import { dailySalt, visitorHash } from '@quire/helpers';
import { cookiePairs } from '../../visitor-access';

// Visitor and session ids of a served answer: first-party cookies when the visitor keeps them, a
// daily-salted hash of IP and user agent when it does not (agents, the first request).

export const VISITOR_COOKIE = 'quire_visitor';
export const SESSION_COOKIE = 'quire_session';
const VISITOR_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** The session slides: every answer renews it, so 30 minutes without a request ends it. */
const SESSION_MAX_AGE_SECONDS = 30 * 60;
const ID = /^[A-Za-z0-9_-]{16,64}$/;

export interface VisitorIds {
  visitorId: string;
  sessionId: string;
}

/**
 * The day's salt under INTERNAL_SECRET (@quire/helpers): the same on every copy, rotating at
 * midnight UTC, so a cookieless visitor's hash cannot be linked across days and nothing is stored.
 */
export function readerDailySalt(secret: string, at: Date): string {
  return dailySalt(secret, at, 'reader-visitor-salt');
}

/** The visitor hash's first 32 hex characters: the cookieless visitor of the day, as an id. */
export function hashedVisitorId(salt: string, siteId: string, ip: string, userAgent: string): string {
  return visitorHash(salt, siteId, ip, userAgent).slice(0, 32);
}

/** Our two cookies from a Cookie header; a value that is not one of our ids is ignored. */
export function readVisitorCookies(header: string | undefined): Partial<VisitorIds> {
  const ids: Partial<VisitorIds> = {};
  for (const [name, value] of cookiePairs(header)) {
    if (!ID.test(value)) continue;
    if (name === VISITOR_COOKIE && !ids.visitorId) ids.visitorId = value;
    if (name === SESSION_COOKIE && !ids.sessionId) ids.sessionId = value;
  }
  return ids;
}

/**
 * The ids of this answer. Cookies win; without a visitor cookie the visitor is the day's hash (so a
 * cookieless agent is one visitor per day, and a browser keeps that id once the cookie is set);
 * without a session cookie a browser with a visitor cookie starts a new session, and a cookieless
 * one is one session per day (the hash again).
 */
export function visitorIdsOf(input: { cookie: string | undefined; siteId: string; ip: string; userAgent: string; salt: string }): VisitorIds {
  const fromCookies = readVisitorCookies(input.cookie);
  const hashed = hashedVisitorId(input.salt, input.siteId, input.ip, input.userAgent);
  const visitorId = fromCookies.visitorId ?? hashed;
  const sessionId = fromCookies.sessionId ?? (fromCookies.visitorId ? randomUUID().replace(/-/g, '') : `${hashed.slice(0, 16)}s${hashed.slice(16, 31)}`);
  return { visitorId, sessionId };
}

/** Set-Cookie values keeping the ids for the site's path: HttpOnly, SameSite=Lax, Secure behind https. */
export function visitorCookies(ids: VisitorIds, path: string, secure: boolean): string[] {
  const attributes = `Path=${path}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [
    `${VISITOR_COOKIE}=${ids.visitorId}; Max-Age=${VISITOR_MAX_AGE_SECONDS}; ${attributes}`,
    `${SESSION_COOKIE}=${ids.sessionId}; Max-Age=${SESSION_MAX_AGE_SECONDS}; ${attributes}`,
  ];
}
