import { PageTree, readSpacePages, type SiteReadsDeps } from '../../site-reads';
import type { McpSite } from './mcp-site';
import { withOpenApiText, type OpenApiTextDeps } from './openapi-text';
import { readPageMarkdown } from './site-pages';

/** Input bounds of the MCP tools (their schemas say the same; a search query has the site search's bounds). */
export const MCP_LIMITS = { url: 2048, path: 1024, results: 20 } as const;

export type ToolOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

export interface FoundPage {
  title: string;
  url: string;
  snippet: string;
}

/**
 * searchDocumentation: the site search (sites' searchSiteContent) as this visitor, best first.
 * Pages hidden in the tree (and their children) are left out, as from the sidebar and llms.txt:
 * twice the pages asked for are searched, each hit's space's tree read once.
 */
export async function searchDocumentation(deps: SiteReadsDeps, site: McpSite, input: { query: string; limit?: number }): Promise<ToolOutcome<FoundPage[]>> {
  const limit = input.limit ?? 10;
  const { hits } = await deps.sites().searchPublishedSite({
    apiToken: site.content.apiToken,
    query: input.query,
    siteSpaceId: '',
    offset: 0,
    limit: Math.min(limit * 2, 50),
    allSiteSpaces: true,
  });
  const spaceIds = [...new Set(hits.map((h) => h.spaceId))];
  const readable = new Map(
    await Promise.all(
      spaceIds.map(async (spaceId) => {
        const { pages } = await readSpacePages(deps, site.content, spaceId, '');
        return [spaceId, new Set(new PageTree(pages, '/').readable().map((p) => p.id))] as const;
      }),
    ),
  );
  const shown = hits.filter((h) => readable.get(h.spaceId)?.has(h.pageId)).slice(0, limit);
  return { ok: true, value: shown.map((h) => ({ title: h.title, url: h.url, snippet: h.snippet })) };
}

/**
 * getPage: a page of this site by its URL (any of the site's addresses, `.md` or not) or its path
 * below the site's root, as markdown. The address resolves through sites with the visitor's own
 * credentials, so what the visitor cannot open as a page, the tool does not read either.
 */
export async function getPage(
  deps: SiteReadsDeps & OpenApiTextDeps,
  site: McpSite,
  input: { url?: string; path?: string },
): Promise<ToolOutcome<{ title: string; markdown: string }>> {
  let target: URL;
  try {
    target = input.url ? new URL(input.url) : new URL((input.path ?? '').replace(/^\/+/, ''), site.rootUrl);
  } catch {
    return { ok: false, message: 'Invalid "url": not an absolute URL' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { ok: false, message: 'Invalid "url": not an http(s) URL' };
  target.hash = '';
  target.pathname = target.pathname.replace(/\.md$/, '');
  if (site.shareKey && !target.searchParams.has('share_key')) target.searchParams.set('share_key', site.shareKey);
  const notFound = { ok: false as const, message: `No page of this site at ${input.url ?? input.path}` };
  let resolved = await deps.sites().resolvePublishedUrl({ url: target.toString(), visitorToken: site.visitorToken, redirectOnError: false });
  if (resolved.outcome === 'redirect' && resolved.redirect) {
    // A moved page: follow the site's redirect once.
    const moved = new URL(resolved.redirect.redirect, target);
    if (site.shareKey && !moved.searchParams.has('share_key')) moved.searchParams.set('share_key', site.shareKey);
    resolved = await deps.sites().resolvePublishedUrl({ url: moved.toString(), visitorToken: site.visitorToken, redirectOnError: false });
  }
  const content = resolved.outcome === 'content' ? resolved.content : undefined;
  // Another site's page is not this server's to read, even when the visitor may read it.
  if (!content || content.site !== site.content.site) return notFound;
  const { pages, revisionId } = await readSpacePages(deps, content, content.space, content.revision);
  const page = new PageTree(pages, content.basePath).pageAt(content.pathname);
  if (!page) return notFound;
  const {
    markdowns: [markdown],
  } = await withOpenApiText(deps, content.apiToken, [await readPageMarkdown(deps, content, content.space, revisionId, page)]);
  return { ok: true, value: { title: page.title, markdown: `# ${page.title}\n\n${markdown}` } };
}
