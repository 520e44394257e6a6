import type { sites } from '@quire/proto';
import type { VisitOutcome } from '../domain/reader-answer';
import { visitOf } from '../../visits';
import { isSiteRoot, robotsTxt, sitemapXml, type RequestKind } from '../domain/request-kind';
import { answerLlms, readPageMarkdown, withOpenApiText } from '../../machine-readable';
import type { ReaderDeps } from './deps';
import { PageTree, readSiteProfile, readSiteProfileJson, readSpacePages } from '../../site-reads';

/** At most this many site spaces are read for one sitemap (each is one content call). */
const MAX_SITEMAP_SITE_SPACES = 50;

/**
 * The pages machines read, under the same audience rules as the HTML (sites
 * resolved the address for this visitor first): `<page>.md`, and at the site's root `sitemap.xml`
 * (public sites only: unlisted and restricted ones are left out), `robots.txt`, and `llms.txt`,
 * `llms-full.txt` (the machine-readable module).
 */
export async function answerMachineRead(
  deps: ReaderDeps,
  kind: Exclude<RequestKind, 'page' | 'file' | 'search'>,
  resolvedUrl: string,
  content: sites.PublishedSiteContent,
): Promise<VisitOutcome> {
  const restricted = content.visibility === 'share-link' || content.visibility === 'visitor-auth';
  const noindex = content.visibility !== 'public';
  const text = (contentType: string, body: string): VisitOutcome => ({ kind: 'text', status: 200, contentType, body, restricted, noindex });
  if (kind === 'markdown') {
    const { pages, revisionId } = await readSpacePages(deps, content, content.space, content.revision);
    const page = new PageTree(pages, content.basePath).pageAt(content.pathname);
    if (!page) return { kind: 'no-site', path: new URL(resolvedUrl).pathname };
    const stored = await readPageMarkdown(deps, content, content.space, revisionId, page);
    const { markdowns, isComplete } = await withOpenApiText(deps, content.apiToken, [stored]);
    return {
      ...text('text/markdown; charset=utf-8', `# ${page.title}\n\n${markdowns[0] ?? ''}`),
      ...(isComplete ? {} : { isPartial: true }),
      visit: visitOf('page_markdown_request', content, revisionId, page.id),
    } as VisitOutcome;
  }
  if (!isSiteRoot(resolvedUrl, content.siteBasePath)) return { kind: 'no-site', path: new URL(resolvedUrl).pathname };
  if (kind === 'llms' || kind === 'llms-full') {
    return { ...(await answerLlms(deps, kind, content)), visit: visitOf('llms_request', content, content.revision, '') };
  }
  const siteRoot = new URL(content.canonicalUrl.replace(/[?#].*$/, ''));
  if (kind === 'robots') return text('text/plain; charset=utf-8', robotsTxt(content.visibility, new URL('sitemap.xml', siteRootOf(siteRoot, content)).href));
  if (content.visibility !== 'public') return { kind: 'no-site', path: new URL(resolvedUrl).pathname };
  const profileJson = await readSiteProfileJson(deps, content);
  const siteSpaces = readSiteProfile(profileJson, { siteSection: '', siteSpace: '' }).siteSpaces.slice(0, MAX_SITEMAP_SITE_SPACES);
  const trees = await Promise.all(
    siteSpaces.map(async (s) => {
      const { pages } = await readSpacePages(deps, content, s.spaceId, '');
      return new PageTree(pages, s.url.endsWith('/') ? s.url : `${s.url}/`);
    }),
  );
  // One entry per address (a page published in two site spaces is one URL), its last change as `lastmod`.
  const entries = new Map<string, string>();
  for (const tree of trees) for (const page of tree.readable()) entries.set(tree.urlOf(page.id) as string, page.updatedAt);
  return text('application/xml; charset=utf-8', sitemapXml([...entries].map(([url, updatedAt]) => ({ url, updatedAt }))));
}

/** The site's root at its preferred address: the canonical URL of the root asked for. */
function siteRootOf(canonical: URL, content: sites.PublishedSiteContent): string {
  const asked = content.pathname.replace(/^\/+|\/+$/g, '');
  const path = canonical.pathname.replace(/\/+$/, '');
  const root = asked && path.endsWith(`/${asked}`) ? path.slice(0, -asked.length - 1) : path;
  return `${canonical.origin}${root}/`;
}
