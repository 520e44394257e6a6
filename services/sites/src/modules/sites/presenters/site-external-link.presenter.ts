import type { SiteExternalLink } from '../model/site-structure';

/** Reference schema SiteExternalLink: optional fields only when set. */
export function presentSiteExternalLink(link: SiteExternalLink) {
  return {
    object: 'site-external-link' as const,
    id: link.id,
    title: link.title,
    ...(link.localizedTitle ? { localizedTitle: link.localizedTitle } : {}),
    ...(link.description !== null ? { description: link.description } : {}),
    ...(link.localizedDescription ? { localizedDescription: link.localizedDescription } : {}),
    ...(link.icon !== null ? { icon: link.icon } : {}),
    url: link.url,
    ...(link.sectionGroupId ? { sectionGroup: link.sectionGroupId } : {}),
    draft: link.draft,
    ...(link.condition !== null ? { condition: link.condition } : {}),
  };
}

export type PresentedSiteExternalLink = ReturnType<typeof presentSiteExternalLink>;
