import type { sites as sitesProto } from '@quire/proto';
import { cookiePath, sitePathLocation } from '../../visitor-access';
import { callbackUrlOf } from '../domain/auth-address';
import { authorizationUrlOf } from '../domain/authorization-request';
import { newSignInState, sealSignInState, signInStateCookie } from '../domain/sign-in-state';
import type { SignInDeps, SignInOutcome } from './deps';

/**
 * A reader sites refused on a visitor-auth site with OpenID Connect: sent to the provider with a
 * fresh state, nonce and PKCE verifier, sealed in a cookie of the site's path; null when the site
 * has no OIDC sign-in (the fallbackURL or the sign-in page then).
 */
export async function beginSignIn(deps: SignInDeps, request: { url: string; secure: boolean }): Promise<SignInOutcome | null> {
  const signIn = await deps.sites().getReaderSignIn({ url: request.url });
  if (!signIn.found || !signIn.configured) return null;
  return redirectToProvider(deps, signIn, request);
}

export function redirectToProvider(
  deps: Pick<SignInDeps, 'secret' | 'clock'>,
  signIn: sitesProto.GetReaderSignInResponse,
  request: { url: string; secure: boolean },
): SignInOutcome {
  const asked = new URL(request.url);
  const state = newSignInState(signIn.siteId, sitePathLocation(asked.pathname, asked.search), deps.clock());
  const location = authorizationUrlOf(signIn, callbackUrlOf(request.url, signIn.siteBasePath), state);
  const cookie = signInStateCookie(sealSignInState(deps.secret, state), cookiePath(signIn.siteBasePath), request.secure);
  return { kind: 'redirect', status: 302, location, cookies: [cookie] };
}
