import type { JSONWebKeySet } from 'jose';
import type { sites as sitesProto } from '@quire/proto';
import { cookiePath, credentialCookies, parseCookies } from '../../visitor-access';
import { callbackUrlOf, isAtSiteRoot } from '../domain/auth-address';
import { verifyIdToken, visitorClaimsOf } from '../domain/id-token';
import { openSignInState, SIGN_IN_STATE_COOKIE, signInStateCookie, type SignInState } from '../domain/sign-in-state';
import type { SignInDeps, SignInOutcome } from './deps';
import { exchangeCode, fetchJwks, ProviderError } from './provider-calls';

/**
 * The provider's redirect back to `<site root>/~gitbook/auth/oidc/callback`: the sealed state must
 * match the URL's `state` (a forged or replayed callback fails here), the code is exchanged with
 * the PKCE verifier, the ID token checked (docs/sites.md, Reader sign-in with OpenID Connect), and
 * sites signs a visitor token of its claims: the same cookie a JWT visitor gets, then the page asked.
 * The state cookie is spent whatever happens.
 */
export async function completeSignIn(
  deps: SignInDeps,
  signIn: sitesProto.GetReaderSignInResponse,
  request: { url: string; siteUrl: string; cookie?: string; secure: boolean },
): Promise<SignInOutcome> {
  const spent = [signInStateCookie(null, cookiePath(signIn.siteBasePath), request.secure)];
  const failed = (message: string): SignInOutcome => ({ kind: 'sign-in-failed', message, cookies: spent });
  if (!signIn.configured || !isAtSiteRoot(request.siteUrl, signIn.siteBasePath)) return failed('This site has no OpenID Connect sign-in at this address.');
  const now = deps.clock();
  const state = openSignInState(deps.secret, parseCookies(request.cookie).get(SIGN_IN_STATE_COOKIE), now);
  const params = new URL(request.url).searchParams;
  if (!state || state.siteId !== signIn.siteId) return failed('This sign-in has expired or was started in another browser. Open the site again to sign in.');
  if (params.get('state') !== state.state) return failed('This sign-in answer does not belong to the sign-in this browser started (state).');
  const providerError = params.get('error');
  if (providerError) return failed(`The sign-in provider refused the sign-in: ${params.get('error_description') ?? providerError}.`);
  const code = params.get('code');
  if (!code) return failed('The sign-in provider sent no authorization code.');
  try {
    const token = await visitorTokenOf(deps, signIn, { code, state, redirectUri: callbackUrlOf(request.url, signIn.siteBasePath) }, now);
    if (!token.ok) return failed(`The sign-in provider's ID token was refused: ${token.reason}.`);
    const cookies = [...spent, ...credentialCookies({ visitorToken: token.token }, signIn.siteBasePath, request.secure)];
    return { kind: 'redirect', status: 302, location: returnPath(state, signIn.siteBasePath), cookies };
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    deps.logger.warn({ site: signIn.siteId, err: err.message }, 'OIDC sign-in failed at the provider');
    return failed(`The sign-in provider could not be reached or refused the code: ${err.message}.`);
  }
}

async function visitorTokenOf(
  deps: SignInDeps,
  signIn: sitesProto.GetReaderSignInResponse,
  exchange: { code: string; state: SignInState; redirectUri: string },
  now: Date,
): Promise<{ ok: true; token: string } | { ok: false; reason: string }> {
  const idToken = await exchangeCode(deps.outbound, signIn, {
    code: exchange.code,
    codeVerifier: exchange.state.codeVerifier,
    redirectUri: exchange.redirectUri,
  });
  const jwks: JSONWebKeySet = await fetchJwks(deps.outbound, signIn.jwksUri);
  const check = await verifyIdToken(idToken, jwks, { issuer: signIn.issuer, clientId: signIn.clientId, nonce: exchange.state.nonce }, now);
  if (!check.ok) return check;
  const { token } = await deps.sites().issueVisitorToken({
    organizationId: signIn.organizationId,
    siteId: signIn.siteId,
    claimsJson: JSON.stringify(visitorClaimsOf(check.payload, signIn.claims)),
    subject: check.payload.sub,
    // The reader stays signed in as long as the provider vouches for them: the ID token's life.
    expiresAtSeconds: check.payload.exp,
  });
  return { ok: true, token };
}

/** The page asked, when it lies on this site; else the site's root. */
function returnPath(state: SignInState, siteBasePath: string): string {
  const base = siteBasePath.endsWith('/') ? siteBasePath : `${siteBasePath}/`;
  return state.returnTo.startsWith(base) || `${state.returnTo}/` === base ? state.returnTo : base;
}
