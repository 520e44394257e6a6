// A site as the store reads it: the shape store, domain, application and presenters share.
import { isRole, type DefaultLevel } from '@quire/access';

/** A site (table `sites`). `adaptiveSchema` is the stored JSON Schema, null until one is put. */
export interface Site {
  id: string;
  organizationId: string;
  type: string;
  title: string;
  visibility: string;
  published: boolean;
  hostname: string | null;
  basename: string | null;
  proxyUrl: string | null;
  adaptiveContentEnabled: boolean;
  adaptiveSchema: unknown;
  adaptiveSchemaUpdatedAt: Date | null;
  agentsContext: string;
  /** Reference Site.defaultLevel: what the organization's members get on the site (docs/permissions.md). */
  defaultLevel: DefaultLevel;
  createdAt: Date;
  updatedAt: Date;
}

/** A site with the number of its site spaces that visitors can see (deleted spaces are hidden). */
export interface SiteWithCounts extends Site {
  siteSpaces: number;
}

/** The stored default level (column `sites.default_level`, held by its CHECK): NULL is the null level. */
export function defaultLevelOf(value: string | null): DefaultLevel {
  if (value === null) return null;
  return isRole(value) ? value : 'inherit';
}
