import type { SectionView } from '../domain/sections';
import type { SpaceCatalog } from '../domain/space-embedder';
import { presentSiteSpaces, sectionSegments, type StructureUrls } from './site-space.presenter';
import { publishedUrl } from './site.presenter';

/**
 * Reference schema SiteSection with its visible site spaces in order (each embedding its Space,
 * from `spaces`: fetch them for the whole response at once). `urls.published` only while the site
 * is published; the default section is served at the site's own address.
 */
export function presentSiteSection({ section, siteSpaces }: SectionView, spaces: SpaceCatalog, where: StructureUrls) {
  const published = publishedUrl(where.site, where.urls, { path: sectionSegments(section), shareKey: where.shareKey });
  return {
    object: 'site-section' as const,
    id: section.id,
    title: section.title,
    ...(section.description !== null ? { description: section.description } : {}),
    default: section.isDefault,
    // No drafts of a site's structure: what is on a site is live (0.202.0 requires the flag).
    draft: false,
    path: section.path,
    ...(section.condition !== null ? { condition: section.condition } : {}),
    ...(section.sectionGroupId ? { sectionGroup: section.sectionGroupId } : {}),
    siteSpaces: presentSiteSpaces(siteSpaces, spaces, new Map([[section.id, section]]), where),
    urls: published ? { published } : {},
    ...(section.icon !== null ? { icon: section.icon } : {}),
  };
}

export type PresentedSiteSection = ReturnType<typeof presentSiteSection>;
