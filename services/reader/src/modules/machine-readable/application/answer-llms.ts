import type { sites } from '@quire/proto';
import type { ReaderDeps, TextAnswer } from '../../pages';
import { LlmsFullText, llmsFullEntry, llmsTxt, MAX_LLMS_PAGES } from '../domain/llms-text';
import { markdownUrlOf, readPageMarkdown, readSitePages } from './site-pages';

/** Pages whose markdown is read at once for llms-full.txt. */
const MARKDOWN_READS_AT_ONCE = 8;

export type LlmsKind = 'llms' | 'llms-full';

/** What the pages module answers as text (its type: the wiring hands this answer back to it). */
export type LlmsAnswer = TextAnswer;

/**
 * `llms.txt` and `llms-full.txt` at the site's root (issue #36 §4), for a visitor whose URL sites
 * resolved (its audience checked). Unlisted and restricted sites answer them to whoever may read
 * the site, with `X-Robots-Tag: noindex` (docs/reader.md, Pages machines read).
 */
export async function answerLlms(deps: ReaderDeps, kind: LlmsKind, content: sites.PublishedSiteContent): Promise<LlmsAnswer> {
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
  full.skip(Math.max(0, pages.length - MAX_LLMS_PAGES));
  const wanted = pages.slice(0, MAX_LLMS_PAGES);
  for (let at = 0; at < wanted.length && !full.full; at += MARKDOWN_READS_AT_ONCE) {
    const batch = wanted.slice(at, at + MARKDOWN_READS_AT_ONCE);
    const texts = await Promise.all(batch.map(({ s, page }) => readPageMarkdown(deps, content.apiToken, s.spaceId, '', page)));
    batch.forEach(({ s, page }, i) => full.add(llmsFullEntry({ title: page.title, url: markdownUrlOf(s.tree, page) }, texts[i] as string)));
    if (full.full) full.skip(wanted.length - at - batch.length);
  }
  return text(full.text());
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
