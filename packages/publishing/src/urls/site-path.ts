import { normalizeSegment } from '../paths/path-normalizer';

// The path inside a site, split into its site levels and the page (reference SiteStructure):
// a site with sections reads "/{section}/{variant}/{page…}", one without "/{variant}/{page…}";
// the default section and the default site space (variant) live at their parent's root and have
// no segment of their own, as their urls.published say. Then `complete`
// (PublishedSiteContent.complete): whether no later segment could still choose another section
// or site space — true as soon as a page segment follows, or when every level was either named
// or has no other choice. A renderer reuses the lookup of a partial URL only when it is complete.

export interface StructureSiteSpace {
  id: string;
  path: string;
  default: boolean;
}

export interface StructureSection {
  id: string;
  path: string;
  default: boolean;
  siteSpaces: StructureSiteSpace[];
}

export type SitePathStructure = { type: 'sections'; sections: StructureSection[] } | { type: 'siteSpaces'; siteSpaces: StructureSiteSpace[] };

export interface SitePathResolution {
  sectionId?: string;
  siteSpaceId: string;
  /** The site-level segments consumed (section, then site space), canonical. */
  sitePath: string[];
  /** What is left: the page's path inside the space, canonical segments joined by "/" ("" for the first page). */
  pagePath: string;
  complete: boolean;
}

function pickDefault<T extends { default: boolean }>(items: readonly T[]): T | undefined {
  return items.find((item) => item.default) ?? items[0];
}

function named<T extends { path: string; default: boolean }>(items: readonly T[], segment: string | undefined): T | undefined {
  if (segment === undefined) return undefined;
  return items.find((item) => !item.default && normalizeSegment(item.path) === segment);
}

/** Resolves the segments left inside a site against its structure; undefined when it has no content. */
export function resolveSitePath(rest: readonly string[], structure: SitePathStructure): SitePathResolution | undefined {
  let index = 0;
  let section: StructureSection | undefined;
  let sectionNamed = false;
  let spaces: StructureSiteSpace[];
  let otherSections = false;
  if (structure.type === 'sections') {
    otherSections = structure.sections.some((s) => !s.default) && structure.sections.length > 1;
    section = named(structure.sections, rest[0]);
    sectionNamed = section !== undefined;
    if (sectionNamed) index += 1;
    else section = pickDefault(structure.sections);
    if (!section) return undefined;
    spaces = section.siteSpaces;
  } else {
    spaces = structure.siteSpaces;
  }
  const otherSpaces = spaces.length > 1 && spaces.some((s) => !s.default);
  let space = named(spaces, rest[index]);
  const spaceNamed = space !== undefined;
  if (spaceNamed) index += 1;
  else space = pickDefault(spaces);
  if (!space) return undefined;
  const page = rest.slice(index);
  const moreChoices = (!spaceNamed && otherSpaces) || (!sectionNamed && !spaceNamed && otherSections);
  return {
    ...(section ? { sectionId: section.id } : {}),
    siteSpaceId: space.id,
    sitePath: rest.slice(0, index),
    pagePath: page.join('/'),
    complete: page.length > 0 || !moreChoices,
  };
}

/**
 * PublishedSiteContent's paths for a resolved URL: `siteBasePath` (the site's prefix), `basePath`
 * (that plus the section and site-space segments, ending in "/") and `pathname` (the page's path
 * inside the space, "" for its first page).
 */
export function publishedPaths(siteBasePath: string, resolution: Pick<SitePathResolution, 'sitePath' | 'pagePath'>) {
  const levels = resolution.sitePath.map((segment) => `${segment}/`).join('');
  return { siteBasePath, basePath: `${siteBasePath}${levels}`, pathname: resolution.pagePath };
}
