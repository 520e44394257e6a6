import type { UrlBuilder } from '@quire/urls';
import type { EmbeddedSpace, SpaceCatalog } from '../domain/space-embedder';
import type { SiteSection, SiteSpace } from '../model/site-structure';
import { publishedUrl } from './site.presenter';

/** Where a site's structure is published: the site, PUBLIC_URL, and the share key resolved for a share-link site (else null). */
export interface StructureUrls {
  site: Parameters<typeof publishedUrl>[0];
  urls: UrlBuilder;
  shareKey: string | null;
}

/** What a site space's published URL needs of its section. */
export type SectionPlace = Pick<SiteSection, 'path' | 'isDefault'>;

/** The published path of a section: none for the default section, which is the site's home page. */
export function sectionSegments(section: SectionPlace | null): string[] {
  return section && !section.isDefault ? [section.path] : [];
}

/**
 * Reference schema SiteSpace, embedding the Space as content presents it to the caller; its title
 * is the space's. `urls.published` (only while the site is published): the site's address plus
 * the section's path and the site space's own — a default is served at its parent's address.
 */
export function presentSiteSpace(siteSpace: SiteSpace, space: EmbeddedSpace, section: SectionPlace | null, where: StructureUrls) {
  const path = [...sectionSegments(section), ...(siteSpace.isDefault ? [] : [siteSpace.path])];
  const published = publishedUrl(where.site, where.urls, { path, shareKey: where.shareKey });
  return {
    object: 'site-space' as const,
    id: siteSpace.id,
    path: siteSpace.path,
    ...(siteSpace.sectionId ? { section: siteSpace.sectionId } : {}),
    space,
    title: space.title,
    default: siteSpace.isDefault,
    // Quire has no drafts of a site's structure: what is on a site is live (0.202.0 requires the flag).
    draft: false,
    ...(siteSpace.condition !== null ? { condition: siteSpace.condition } : {}),
    urls: published ? { published } : {},
  };
}

/**
 * The site spaces whose space content returned, presented in order; the others (space deleted,
 * transferred, or not visible to the caller) are left out. `sections` holds the sections they are in.
 */
export function presentSiteSpaces(siteSpaces: readonly SiteSpace[], spaces: SpaceCatalog, sections: ReadonlyMap<string, SectionPlace>, where: StructureUrls) {
  return siteSpaces.flatMap((siteSpace) => {
    const space = spaces.get(siteSpace.spaceId);
    const section = siteSpace.sectionId ? (sections.get(siteSpace.sectionId) ?? null) : null;
    return space ? [presentSiteSpace(siteSpace, space, section, where)] : [];
  });
}

export type PresentedSiteSpace = ReturnType<typeof presentSiteSpace>;
