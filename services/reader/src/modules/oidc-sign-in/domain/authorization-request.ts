import { codeChallengeOf, type SignInState } from './sign-in-state';

export interface ProviderClient {
  issuer: string;
  clientId: string;
  scopes: readonly string[];
  authorizationEndpoint: string;
}

/** The authorization code request (OpenID Connect Core §3.1.2.1) with PKCE S256 (RFC 7636 §4.3). */
export function authorizationUrlOf(client: ProviderClient, redirectUri: string, state: SignInState): string {
  const url = new URL(client.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', client.scopes.join(' '));
  url.searchParams.set('state', state.state);
  url.searchParams.set('nonce', state.nonce);
  url.searchParams.set('code_challenge', codeChallengeOf(state.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}
