import { createHash, randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '@quire/platform/secrets';

// What a sign-in in flight must remember between the redirect to the provider and the callback
// (OpenID Connect Core §3.1.2.1 `state` and `nonce`, RFC 7636 PKCE's verifier, the page asked):
// sealed (AES-256-GCM under INTERNAL_SECRET) in a short-lived cookie of the site's path, so any
// reader copy accepts the callback and nothing is kept in a process.

export const SIGN_IN_STATE_COOKIE = 'quire_oidc_state';
export const SIGN_IN_STATE_TTL_SECONDS = 600;
const PURPOSE = 'reader.oidc-sign-in-state';

export interface SignInState {
  siteId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The path (and query) the reader asked for, on the site. */
  returnTo: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const random = () => randomBytes(32).toString('base64url');

export function newSignInState(siteId: string, returnTo: string, now: Date): SignInState {
  return {
    siteId,
    state: random(),
    nonce: random(),
    codeVerifier: random(),
    returnTo,
    expiresAt: Math.floor(now.getTime() / 1000) + SIGN_IN_STATE_TTL_SECONDS,
  };
}

/** RFC 7636 §4.2, S256. */
export function codeChallengeOf(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

export function sealSignInState(secret: string, state: SignInState): string {
  return sealSecret(secret, PURPOSE, JSON.stringify(state));
}

/** The state a cookie holds, or null when it was tampered with, sealed elsewhere, malformed or expired. */
export function openSignInState(secret: string, sealed: string | undefined, now: Date): SignInState | null {
  if (!sealed) return null;
  let value: unknown;
  try {
    value = JSON.parse(openSecret(secret, PURPOSE, sealed));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const s = value as Record<string, unknown>;
  const strings = ['siteId', 'state', 'nonce', 'codeVerifier', 'returnTo'].every((k) => typeof s[k] === 'string' && s[k] !== '');
  if (!strings || typeof s.expiresAt !== 'number' || s.expiresAt * 1000 <= now.getTime()) return null;
  return value as SignInState;
}

/** Set-Cookie for the sealed state (or its removal, `null`), scoped to the site's path. */
export function signInStateCookie(sealed: string | null, cookiePath: string, secure: boolean): string {
  // Lax: the provider's redirect back is a top-level GET navigation, which carries Lax cookies.
  const attributes = `Path=${cookiePath}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return sealed === null
    ? `${SIGN_IN_STATE_COOKIE}=; ${attributes}; Max-Age=0`
    : `${SIGN_IN_STATE_COOKIE}=${sealed}; ${attributes}; Max-Age=${SIGN_IN_STATE_TTL_SECONDS}`;
}
