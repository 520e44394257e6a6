import type { sites } from '@quire/proto';
import type { PageEntry, SiteReadsDeps } from '../../site-reads';
import { LlmsFullText, llmsFullEntry, llmsTxt, MAX_LLMS_PAGES } from '../domain/llms-text';
import { withOpenApiText, type OpenApiTextDeps } from './openapi-text';
import { markdownUrlOf, readPagesMarkdown, readSitePages, type SiteSpacePages } from './site-pages';

/** Page ids per markdown read of llms-full.txt (content answers at most 200 a call). */
const PAGES_PER_MARKDOWN_READ = 200;
/** Markdown reads of llms-full.txt in flight at once: enough to hide a call's latency, few enough to share content. */
const MARKDOWN_READS_IN_FLIGHT = 4;

export type LlmsKind = 'llms' | 'llms-full';

/** A site's llms text; the pages module answers it as its text answer, with the visit to count. */
export interface LlmsAnswer {
  kind: 'text';
  status: 200;
  contentType: string;
  body: string;
  restricted: boolean;
  noindex: boolean;
  /** A reference read failed (an API reference block kept its tag): answered, not kept in the answer cache. */
  isPartial?: boolean;
}

/**
 * `llms.txt` and `llms-full.txt` at the site's root, for a visitor whose URL sites
 * resolved (its audience checked). Unlisted and restricted sites answer them to whoever may read
 * the site, with `X-Robots-Tag: noindex` (docs/reader.md, Pages machines read).
 */
export async function answerLlms(deps: SiteReadsDeps & OpenApiTextDeps, kind: LlmsKind, content: sites.PublishedSiteContent): Promise<LlmsAnswer> {
  const restricted = content.visibility === 'share-link' || content.visibility === 'visitor-auth';
  const noindex = content.visibility !== 'public';
  const site = await readSitePages(deps, content);
  const text = (body: string): LlmsAnswer => ({ kind: 'text', status: 200, contentType: 'text/plain; charset=utf-8', body, restricted, noindex });
  const siteRoot = site.siteSpaces[0]?.tree.basePath ?? content.siteBasePath;
  if (kind === 'llms') {
    const sections = site.siteSpaces.map((s) => ({
      title: s.title,
      pages: s.tree.readable().map((page) => ({ title: page.title, url: markdownUrlOf(s.tree, page), description: page.description })),
    }));
    const summary = `The pages of ${site.title || 'this site'} as markdown. Every page's text in one file: ${new URL('llms-full.txt', siteRootOf(content, siteRoot)).href}`;
    return text(llmsTxt({ title: site.title, summary }, sections));
  }
  const full = new LlmsFullText(new URL('llms.txt', siteRootOf(content, siteRoot)).href);
  const pages = site.siteSpaces.flatMap((s) => s.tree.readable().map((page) => ({ s, page })));
  const wanted = pages.slice(0, MAX_LLMS_PAGES);
  let handed = 0;
  let isComplete = true;
  await readInOrder(deps, content.apiToken, batchesOf(wanted), (batch, { markdowns: texts, isComplete: whole }) => {
    isComplete &&= whole;
    batch.pages.forEach(({ s, page }, i) => full.add(llmsFullEntry({ title: page.title, url: markdownUrlOf(s.tree, page) }, texts[i] as string)));
    handed += batch.pages.length;
    return !full.full;
  });
  // Past the page limit, and past the byte cap the pages whose markdown was never read.
  full.skip(pages.length - handed);
  return { ...text(full.text()), ...(isComplete ? {} : { isPartial: true }) };
}

type SitePage = { s: SiteSpacePages; page: PageEntry };
type Batch = { s: SiteSpacePages; pages: SitePage[] };
/** A batch's markdown with its API reference blocks as text; not complete when specs failed. */
type Read = { markdowns: string[]; isComplete: boolean };

/** The pages in reading order, cut into batches of one site space each (one revision per read). */
function batchesOf(pages: readonly SitePage[]): Batch[] {
  const batches: Batch[] = [];
  for (const entry of pages) {
    const last = batches[batches.length - 1];
    if (last && last.s === entry.s && last.pages.length < PAGES_PER_MARKDOWN_READ) last.pages.push(entry);
    else batches.push({ s: entry.s, pages: [entry] });
  }
  return batches;
}

/**
 * Reads the batches' markdown with MARKDOWN_READS_IN_FLIGHT reads at once and hands each batch to
 * `take` in order; once `take` says no more (the file's byte cap), no further read is started.
 */
async function readInOrder(
  deps: SiteReadsDeps & OpenApiTextDeps,
  apiToken: string,
  batches: readonly Batch[],
  take: (batch: Batch, read: Read) => boolean,
): Promise<void> {
  const read = (batch: Batch): Promise<Read> => {
    const texts = readPagesMarkdown(
      deps,
      apiToken,
      batch.s.spaceId,
      batch.s.revisionId,
      batch.pages.map(({ page }) => page.id),
    ).then((markdowns) => withOpenApiText(deps, apiToken, markdowns));
    // A read that fails while an earlier one is awaited (or after the cap) is not unhandled: its
    // failure reaches the answer when it is awaited in turn, or nobody needs it.
    texts.catch(() => undefined);
    return texts;
  };
  const inFlight = batches.slice(0, MARKDOWN_READS_IN_FLIGHT).map(read);
  for (let at = 0; at < batches.length; at += 1) {
    const texts = await (inFlight[at] as Promise<Read>);
    if (!take(batches[at] as Batch, texts)) return;
    const next = batches[at + MARKDOWN_READS_IN_FLIGHT];
    if (next) inFlight.push(read(next));
  }
}

/** The site's root at its preferred address: before the first site space's path when sections or variants add one. */
function siteRootOf(content: sites.PublishedSiteContent, firstSiteSpaceUrl: string): string {
  try {
    const canonical = new URL(content.canonicalUrl.replace(/[?#].*$/, ''));
    const asked = content.pathname.replace(/^\/+|\/+$/g, '');
    const path = canonical.pathname.replace(/\/+$/, '');
    const root = asked && path.endsWith(`/${asked}`) ? path.slice(0, -asked.length - 1) : path;
    return `${canonical.origin}${root}/`;
  } catch {
    return firstSiteSpaceUrl;
  }
}
