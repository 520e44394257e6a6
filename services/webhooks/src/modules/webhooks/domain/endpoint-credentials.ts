import { openSecret, sealSecret } from '@quire/platform/secrets';

// A webhook URL may carry `user:password@` for a receiver behind Basic authentication. The
// credentials are stored sealed (like the signing secret) apart from the URL, which is stored and
// shown without them; a delivery puts them back, and the outbound module sends them as Basic
// authorization.

/** The HKDF purpose URL credentials are sealed under (packages/platform/src/secrets/sealed-secret.ts). */
const CREDENTIALS_PURPOSE = 'webhook-url-credentials';

/** The URL without its userinfo, and the userinfo (`user:password`, percent-encoded as written) if any. */
export function splitCredentials(raw: string): { url: string; userinfo: string | null } {
  const url = new URL(raw);
  if (!url.username && !url.password) return { url: raw, userinfo: null };
  const userinfo = `${url.username}:${url.password}`;
  url.username = '';
  url.password = '';
  return { url: url.toString(), userinfo };
}

/** The URL to store and its sealed credentials (null without any). */
export function sealEndpoint(serviceSecret: string, raw: string): { url: string; credentialsSealed: string | null } {
  const { url, userinfo } = splitCredentials(raw);
  return { url, credentialsSealed: userinfo === null ? null : sealSecret(serviceSecret, CREDENTIALS_PURPOSE, userinfo) };
}

/** The stored URL with its credentials put back, as a delivery sends it. */
export function openEndpoint(serviceSecret: string, url: string, credentialsSealed: string | null): string {
  if (credentialsSealed === null) return url;
  const userinfo = openSecret(serviceSecret, CREDENTIALS_PURPOSE, credentialsSealed);
  const colon = userinfo.indexOf(':');
  const withCredentials = new URL(url);
  withCredentials.username = userinfo.slice(0, colon);
  withCredentials.password = userinfo.slice(colon + 1);
  return withCredentials.toString();
}
