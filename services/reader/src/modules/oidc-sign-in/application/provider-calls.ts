import type { JSONWebKeySet } from 'jose';
import { OutboundError, type OutboundFetcher } from '@quire/platform/outbound';

// The two calls to the provider, through the one outbound door (OUTBOUND_ALLOW_HOSTS decides
// whether a private address may be reached).

const PROVIDER_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 256 * 1024;

/** A provider call that gave no usable answer; its message is safe to show (no secret). */
export class ProviderError extends Error {}

/** The token request (OpenID Connect Core §3.1.3.1) with client_secret_basic (RFC 6749 §2.3.1) and the PKCE verifier; the ID token it returns. */
export async function exchangeCode(
  outbound: OutboundFetcher,
  client: { tokenEndpoint: string; clientId: string; clientSecret: string },
  grant: { code: string; codeVerifier: string; redirectUri: string },
): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code: grant.code, redirect_uri: grant.redirectUri, code_verifier: grant.codeVerifier });
  const basic = Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64');
  const reply = await call(() =>
    outbound.request(client.tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: `Basic ${basic}` },
      body: Buffer.from(body.toString()),
      timeoutMs: PROVIDER_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
      followRedirects: false,
    }),
  );
  const answer = jsonOf(reply.body);
  if (reply.status !== 200)
    throw new ProviderError(`the token endpoint answered ${reply.status}${typeof answer?.error === 'string' ? ` (${answer.error})` : ''}`);
  if (typeof answer?.id_token !== 'string') throw new ProviderError('the token endpoint returned no ID token');
  return answer.id_token;
}

export async function fetchJwks(outbound: OutboundFetcher, jwksUri: string): Promise<JSONWebKeySet> {
  const response = await call(() => outbound.fetch(jwksUri, { accept: 'application/json', timeoutMs: PROVIDER_TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES }));
  const jwks = jsonOf(response.body);
  if (!Array.isArray(jwks?.keys)) throw new ProviderError('the provider’s JWKS has no keys');
  return jwks as unknown as JSONWebKeySet;
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof OutboundError) throw new ProviderError(err.message);
    throw err;
  }
}

function jsonOf(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
