import { createHash } from 'node:crypto';

// Keys of sites' and content's answers the reader keeps (docs/reader.md, Fast and fresh): each
// carries the site's `site_version`, a stamp over the site, its customization, structure and every
// published space with its published revision. So a key's answer never changes, and a change to
// any of them is a new key on every copy at once: nothing to invalidate.

const PREFIX = 'reader:read:v1:';

/** What a key is made of: the resolved address's site and version stamp. */
export interface VersionedSite {
  site: string;
  siteVersion: string;
}

/** The site's profile (sites' GetPublishedSite): sections, variants, customization. Null without a version stamp. */
export function siteProfileKey(content: VersionedSite): string | null {
  return content.siteVersion ? `${PREFIX}${content.site}:profile:${content.siteVersion}` : null;
}

/** A space's page tree and files (content's GetPublishedPages) as asked: a revision id, or '' for the published one. */
export function spacePagesKey(content: VersionedSite, spaceId: string, revisionId: string): string | null {
  if (!content.siteVersion) return null;
  const asked = createHash('sha256').update(`${spaceId}\n${revisionId}`).digest('base64url').slice(0, 22);
  return `${PREFIX}${content.site}:pages:${content.siteVersion}:${asked}`;
}

/**
 * A page's markdown at a revision (content's GetPublishedPageMarkdown): a revision never changes,
 * so no version stamp is needed; the site scopes it. Null without a revision id (the published one
 * moves). Kept so that an MCP batch or several visitors asking for one large page convert it once.
 */
export function pageMarkdownKey(siteId: string, spaceId: string, revisionId: string, pageId: string): string | null {
  if (!revisionId) return null;
  const asked = createHash('sha256').update(`${spaceId}\n${revisionId}\n${pageId}`).digest('base64url').slice(0, 22);
  return `${PREFIX}${siteId}:markdown:${asked}`;
}
