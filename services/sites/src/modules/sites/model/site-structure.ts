// A site's structure as the store reads it: sections, section groups and site spaces.

export interface SiteSection {
  id: string;
  siteId: string;
  sectionGroupId: string | null;
  title: string;
  description: string | null;
  path: string;
  condition: string | null;
  icon: string | null;
  isDefault: boolean;
  position: string;
  createdAt: Date;
}

/** A group of sections at a site's top level (table `site_section_groups`); `position` is its ordering key there. */
export interface SiteSectionGroup {
  id: string;
  siteId: string;
  title: string;
  icon: string | null;
  position: string;
  createdAt: Date;
}

export interface SiteSpace {
  id: string;
  siteId: string;
  sectionId: string | null;
  spaceId: string;
  path: string;
  condition: string | null;
  isDefault: boolean;
  hidden: boolean;
  position: string;
  createdAt: Date;
}

/** The columns a PATCH changes; null removes a nullable one, undefined keeps it. */
export interface SiteSectionChanges {
  title?: string;
  path?: string;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
}

/** A link of a site's navigation to another address (table `site_external_links`). */
export interface SiteExternalLink {
  id: string;
  siteId: string;
  sectionGroupId: string | null;
  title: string;
  localizedTitle: Record<string, string> | null;
  description: string | null;
  localizedDescription: Record<string, string> | null;
  icon: string | null;
  url: string;
  draft: boolean;
  condition: string | null;
  position: string;
  createdAt: Date;
}

/** What an external link's PATCH sets; null clears a nullable field, undefined keeps it. */
export type SiteExternalLinkChanges = Partial<Omit<SiteExternalLink, 'id' | 'siteId' | 'position' | 'createdAt' | 'sectionGroupId'>>;
