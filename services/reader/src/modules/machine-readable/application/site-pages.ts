import type { sites } from '@quire/proto';
import { pageMarkdownKey } from '../../kept-reads';
import { PageTree, readSiteProfile, readSiteProfileJson, readSpacePages, type PageEntry, type SiteReadsDeps } from '../../site-reads';

/** At most this many site spaces are read for one llms.txt (each is one content call), as for the sitemap. */
export const MAX_LLMS_SITE_SPACES = 50;

export interface SiteSpacePages {
  title: string;
  tree: PageTree;
  spaceId: string;
  /** The revision the tree was read from: its pages' markdown is read from it too. */
  revisionId: string;
}

/**
 * Every readable page of the site the visitor's URL resolved to, per site space in the site's order:
 * hidden pages (and their children), groups and links left out. Read with the site's apiToken.
 */
export async function readSitePages(deps: SiteReadsDeps, content: sites.PublishedSiteContent): Promise<{ title: string; siteSpaces: SiteSpacePages[] }> {
  const profileJson = await readSiteProfileJson(deps, content);
  const profile = readSiteProfile(profileJson, { siteSection: '', siteSpace: '' });
  const several = profile.siteSpaces.length > 1;
  const siteSpaces = await Promise.all(
    profile.siteSpaces.slice(0, MAX_LLMS_SITE_SPACES).map(async (s) => {
      const { pages, revisionId } = await readSpacePages(deps, content, s.spaceId, '');
      const title = s.sectionTitle && several ? [s.sectionTitle, s.title].filter(Boolean).join(' — ') : s.title || profile.title;
      return { title, spaceId: s.spaceId, revisionId, tree: new PageTree(pages, s.url.endsWith('/') ? s.url : `${s.url}/`) };
    }),
  );
  return { title: profile.title, siteSpaces };
}

/** A page's markdown body (without its title), as content stores it. */
export async function readPageMarkdown(
  deps: SiteReadsDeps,
  content: Pick<sites.PublishedSiteContent, 'apiToken' | 'site'>,
  spaceId: string,
  revisionId: string,
  page: PageEntry,
): Promise<string> {
  const load = () => deps.contentPublished().getPublishedPageMarkdown({ apiToken: content.apiToken, spaceId, revisionId, pageId: page.id });
  const key = pageMarkdownKey(content.site, spaceId, revisionId, page.id);
  const { markdown } = deps.reads ? await deps.reads.read('page_markdown', key, load) : await load();
  return markdown;
}

/**
 * Many pages' markdown of one revision (ContentPublished.GetPublishedPagesMarkdown, at most 200
 * ids a call), in the order asked. Content answers a prefix within its
 * byte bound: the rest is asked for again until every page is read.
 */
export async function readPagesMarkdown(
  deps: SiteReadsDeps,
  apiToken: string,
  spaceId: string,
  revisionId: string,
  pageIds: readonly string[],
): Promise<string[]> {
  const texts: string[] = [];
  while (texts.length < pageIds.length) {
    const { pages } = await deps.contentPublished().getPublishedPagesMarkdown({ apiToken, spaceId, revisionId, pageIds: pageIds.slice(texts.length) });
    if (pages.length === 0) throw new Error(`content answered no markdown for ${pageIds.length - texts.length} pages of space ${spaceId}`);
    texts.push(...pages.map((page) => page.markdown));
  }
  return texts;
}

/** The absolute URL of a page's markdown: at the page's own path (the first page too). */
export function markdownUrlOf(tree: PageTree, page: PageEntry): string {
  return `${tree.basePath}${page.path}.md`;
}
