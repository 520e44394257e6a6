import { cookiePath, VISITOR_TOKEN_COOKIE } from '../../visitor-access';
import { isAtSiteRoot, type AuthAddress } from '../domain/auth-address';
import { completeSignIn } from './complete-sign-in';
import type { SignInDeps, SignInOutcome } from './deps';

/**
 * `<site root>/~gitbook/auth/oidc/callback` and `<site root>/~gitbook/auth/logout`. Null when no
 * published site has its root there (the 404 page then). Signing out ends the reader's session
 * (the visitor cookie, OIDC's or a JWT's) and sends them to the site's logoutURL, else its root.
 */
export async function answerAuthAddress(
  deps: SignInDeps,
  address: AuthAddress,
  request: { url: string; cookie?: string; secure: boolean },
): Promise<SignInOutcome | null> {
  const signIn = await deps.sites().getReaderSignIn({ url: address.siteUrl });
  if (!signIn.found || !isAtSiteRoot(address.siteUrl, signIn.siteBasePath)) return null;
  if (address.kind === 'oidc-callback') return completeSignIn(deps, signIn, { ...request, siteUrl: address.siteUrl });
  const attributes = `Path=${cookiePath(signIn.siteBasePath)}; HttpOnly; SameSite=Lax${request.secure ? '; Secure' : ''}; Max-Age=0`;
  return { kind: 'redirect', status: 302, location: signIn.logoutUrl || signIn.siteBasePath, cookies: [`${VISITOR_TOKEN_COOKIE}=; ${attributes}`] };
}
