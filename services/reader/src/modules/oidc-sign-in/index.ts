// The oidc-sign-in face: readers of a visitor-auth site signing in with the site's OpenID provider
// (authorization code flow with PKCE), their callback and sign-out at `~gitbook/auth/…` under the
// site's root. The session is the visitor cookie a JWT visitor gets (visitor-access).
export type { SignInDeps, SignInOutcome } from './application/deps';
export { beginSignIn } from './application/begin-sign-in';
export { answerAuthAddress } from './application/answer-auth-address';
export { readAuthAddress } from './domain/auth-address';
