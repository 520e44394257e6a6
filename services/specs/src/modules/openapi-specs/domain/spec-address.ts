// How a `swagger` block (a spec by URL) names one of the organization's own specs without anything
// being fetched: by the spec's source URL (the store's lookup), or by the spec's own
// address in Quire — its API `urls.location` (`…/v1/orgs/{org}/openapi/{slug}`, a version's below it)
// or its app `urls.app` (`…/o/{org}/openapi/{slug}`).

const OWN_ADDRESS = /\/(?:v1\/orgs|o)\/([^/]+)\/openapi\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:\/versions\/[^/]+)?\/?$/;

/**
 * The slug an http(s) address names when its path is a spec address of `organizationId`, else undefined.
 * The host is not compared (PUBLIC_URL may differ between a document's writing and now): the
 * organization's id in the path, which must be the site's, is what scopes it.
 */
export function specSlugOfAddress(url: string, organizationId: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const match = OWN_ADDRESS.exec(parsed.pathname);
  if (!match) return undefined;
  let org: string;
  try {
    org = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return org === organizationId ? match[2] : undefined;
}
