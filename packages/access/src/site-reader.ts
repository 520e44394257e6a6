// A site reader: the caller of a published site's content with the `apiToken` of
// PublishedSiteContent, not a user. The gateway verifies the token and signs its
// scope into the principal header; services grant it `read` on exactly the spaces it lists and on
// its own site, and nothing else. Its userId is derived from the scope ("site:" + base64url JSON),
// so every function that only sees a userId still knows the caller is a site reader: no user id
// starts with "site:" (ids are base62), identity knows no such user, and membership lookups answer
// no role (a 404 everywhere no policy admits it).

export interface SiteReaderScope {
  organizationId: string;
  siteId: string;
  /** The spaces the token may read (its `spaces` claim). */
  spaceIds: string[];
}

const PREFIX = 'site:';

/** The userId a site reader's principal carries. */
export function siteReaderId(scope: SiteReaderScope): string {
  return PREFIX + Buffer.from(JSON.stringify([scope.organizationId, scope.siteId, scope.spaceIds])).toString('base64url');
}

/** The scope of a site reader's userId; null for a user (or anything else). */
export function siteReaderScope(userId: string): SiteReaderScope | null {
  if (!userId.startsWith(PREFIX)) return null;
  try {
    const [organizationId, siteId, spaceIds] = JSON.parse(Buffer.from(userId.slice(PREFIX.length), 'base64url').toString('utf8')) as unknown[];
    if (typeof organizationId !== 'string' || typeof siteId !== 'string' || !Array.isArray(spaceIds) || !spaceIds.every((s) => typeof s === 'string'))
      return null;
    return { organizationId, siteId, spaceIds: spaceIds as string[] };
  } catch {
    return null;
  }
}

/** Whether a site reader may read this space of this organization: only the spaces its token lists. */
export function siteReaderMayReadSpace(scope: SiteReaderScope, space: { id: string; organizationId: string }): boolean {
  return scope.organizationId === space.organizationId && scope.spaceIds.includes(space.id);
}
