import type { PublishedStructureView } from '../domain/published-profile';
import type { SpaceCatalog } from '../domain/space-embedder';
import { presentSiteSectionGroup } from './site-section-group.presenter';
import { presentSiteSection } from './site-section.presenter';
import { presentSiteSpaces, type StructureUrls } from './site-space.presenter';
import type { PresentedSite } from './site.presenter';

// Reference schema PublishedContentSite (spec: published site profile). Sites have no stored
// customization yet, so every site answers the defaults below, complete per the reference's
// SiteCustomizationSettings (every required field, plus the optional ones the spec names).

const themed = (color: string) => ({ light: color, dark: color });

/** The customization of a site that never customized anything. */
export function defaultSiteCustomization(siteTitle: string) {
  return {
    title: siteTitle,
    styling: {
      theme: 'clean' as const,
      primaryColor: themed('#346DDB'),
      tint: { color: themed('#346DDB') },
      infoColor: themed('#787878'),
      successColor: themed('#00C950'),
      warningColor: themed('#FE9A00'),
      dangerColor: themed('#FB2C36'),
      corners: 'rounded' as const,
      depth: 'subtle' as const,
      links: 'default' as const,
      font: 'Inter' as const,
      monospaceFont: 'IBMPlexMono' as const,
      background: 'plain' as const,
      icons: 'regular' as const,
      sidebar: { background: 'default' as const, list: 'default' as const },
      search: 'subtle' as const,
      // Today's client (0.202.0) requires code themes: the default ones.
      codeTheme: {
        default: { light: 'default-light' as const, dark: 'default-dark' as const },
        openapi: { light: 'default-light' as const, dark: 'default-dark' as const },
      },
    },
    internationalization: { locale: 'en' as const },
    // No favicon of its own: the reference's empty variant.
    favicon: {},
    header: { preset: 'default' as const, links: [] as never[] },
    footer: { groups: [] as never[] },
    themes: { default: 'light' as const, toggeable: true },
    pdf: { enabled: true },
    feedback: { enabled: false },
    ai: { mode: 'none' as const },
    aiSearch: { enabled: false },
    advancedCustomization: { enabled: false },
    git: { showEditLink: false },
    // `items` (0.202.0) lists the actions the flags (0.143.2) enable, the default first.
    pageActions: { externalAI: false, markdown: true, mcp: false, items: ['markdown' as const] },
    externalLinks: { target: 'self' as const },
    pagination: { enabled: true },
    trademark: { enabled: true },
    privacyPolicy: {},
    socialPreview: {},
    socialAccounts: [] as never[],
    insights: { trackingCookie: true },
  };
}

/** Reference SiteStructure, from the loaded structure and its spaces (fetched at once). */
export function presentPublishedStructure(structure: PublishedStructureView, spaces: SpaceCatalog, where: StructureUrls) {
  if (structure.type === 'siteSpaces') {
    return { type: 'siteSpaces' as const, structure: presentSiteSpaces(structure.siteSpaces, spaces, new Map(), where) };
  }
  return {
    type: 'sections' as const,
    structure: structure.items.map((item) =>
      item.kind === 'site-section' ? presentSiteSection(item.view, spaces, where) : presentSiteSectionGroup(item.view, spaces, where),
    ),
  };
}

export function presentPublishedSite(site: PresentedSite, structure: ReturnType<typeof presentPublishedStructure>) {
  return {
    object: 'published-content-site' as const,
    site,
    structure,
    // Site spaces override nothing of the site's customization.
    customizations: { site: defaultSiteCustomization(site.title), siteSpaces: {} },
    // No integration adds scripts to sites here.
    scripts: [] as never[],
  };
}
