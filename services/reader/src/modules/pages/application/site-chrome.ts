import type { SiteChromeView } from '@quire/page-html';
import type { content as contentProto, sites } from '@quire/proto';
import { assetsAddress, searchAddress } from '../domain/request-kind';
import type { ReaderDeps } from './deps';
import { siteFontsOf } from './font-files';
import { PageTree, pageIconOf, readSiteProfile, readSiteProfileJson, readSpacePages } from '../../site-reads';

/** The site around a resolved address: what every page of it shows (header, sections, variants, sidebar). */
export interface SiteChrome {
  chrome: SiteChromeView;
  tree: PageTree;
  pages: contentProto.GetPublishedPagesResponse;
  /** Every site space of the site (its space and its path on the visitor's address): where links to other spaces go. */
  siteSpaces: ReadonlyArray<{ spaceId: string; path: string }>;
  /** Share-link and visitor-auth sites: not for shared caches, never indexed. */
  restricted: boolean;
}

/**
 * The site's profile and the site space's page tree, read side by side (every read scoped by the
 * site's apiToken). The search box sends the query to the site space's search page, so the current
 * site space is what a search looks in first (docs/reader.md, Search).
 */
export async function loadSiteChrome(deps: ReaderDeps, content: sites.PublishedSiteContent): Promise<SiteChrome> {
  const [profileJson, pagesAnswer] = await Promise.all([readSiteProfileJson(deps, content), readSpacePages(deps, content, content.space, content.revision)]);
  const restricted = content.visibility === 'share-link' || content.visibility === 'visitor-auth';
  const profile = readSiteProfile(profileJson, { siteSection: content.siteSection, siteSpace: content.siteSpace, siteBasePath: content.siteBasePath });
  const assetsUrl = assetsAddress(content.siteBasePath);
  const fonts = siteFontsOf(profile.customization, assetsUrl);
  const tree = new PageTree(pagesAnswer.pages, content.basePath.endsWith('/') ? content.basePath : `${content.basePath}/`, pageIconOf);
  const chrome: SiteChromeView = {
    site: {
      title: profile.title,
      lang: profile.lang,
      url: content.siteBasePath,
      searchUrl: searchAddress(tree.basePath),
      assetsUrl,
      ...fonts,
      isUnlisted: profile.visibility === 'unlisted' || restricted,
      customization: profile.customization,
    },
    sections: profile.sections,
    variants: profile.variants,
    pages: tree.tree(),
  };
  return { chrome, tree, pages: pagesAnswer, siteSpaces: profile.siteSpaces, restricted };
}
