import type { DefaultLevel } from '@quire/access';
// Reference enums SiteType, SiteVisibility and SiteAgentsContext.
export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export const AGENTS_CONTEXTS = ['excluded', 'included'] as const;

/** The title of a site created without one (spec: title 2..128, optional on create). */
export const DEFAULT_SITE_TITLE = 'Untitled site';

/** A site PATCH (updateSiteById), already validated in shape. */
export interface SiteUpdate {
  title?: string;
  visibility?: string;
  basename?: string;
  hostname?: string | null;
  proxy?: string | null;
  adaptiveContent?: { enabled: boolean };
  agentsContext?: string;
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
  /** Reference Site.defaultLevel: a permission, so it needs the site's `admin` level (site.policy). */
  defaultLevel?: DefaultLevel;
}
