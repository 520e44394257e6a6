import { siteLookOf, type SiteLook } from './customization';
import { footer, header, LANG, listOf, searchForm, sidebar, tableOfContents } from './chrome';
import { LABELS } from './labels';
import { pageMark } from './emoji';
import { imageAddress, linkTo, pageAddress } from './links';
import { bounded, escapeText, tag, type Markup } from './markup';
import { stylesheetOf } from './stylesheet';
import { READER_SCRIPT_FILE, READER_SCRIPT_HASH } from '../browser/reader-script';
import type { FeedbackPageView, LinkView, NotFoundPageView, PageView, SearchPageView, SearchResultView, SiteChromeView, SitePageView } from './site-view';

// Whole documents (`<!doctype html>`) for the reader: a page of the site, its search page, its 404.
// Landmarks: a skip link to `<main id="content">`, `<header>`, the sidebar `<nav>`, `<main>` with
// the one `<h1>`, the contents `<aside>`, `<footer>`. One `<style>` (siteStylesheet) and, when the
// reader serves it, one script file (reader-script.ts) that only enhances what works without it.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

interface HeadView {
  title: string;
  description?: unknown;
  canonicalUrl?: unknown;
  markdownUrl?: unknown;
  isIndexable: boolean;
}

function langOf(site: unknown): string {
  const lang = isObject(site) ? site.lang : undefined;
  return typeof lang === 'string' && LANG.test(lang) ? lang : 'en';
}

function siteTitleOf(view: SiteChromeView, look: SiteLook): string {
  const title = isObject(view.site) ? view.site.title : undefined;
  return bounded(typeof title === 'string' && title.trim() !== '' ? title : typeof look.title === 'string' ? look.title : '', 256);
}

function head(view: SiteChromeView, look: SiteLook, meta: HeadView): Markup {
  const siteTitle = siteTitleOf(view, look);
  const fullTitle = meta.title && meta.title !== siteTitle ? `${meta.title} | ${siteTitle}` : siteTitle || meta.title;
  const description = typeof meta.description === 'string' ? bounded(meta.description.replace(/\s+/g, ' ').trim(), 300) : '';
  const canonical = pageAddress(meta.canonicalUrl);
  const markdown = pageAddress(meta.markdownUrl);
  const image = imageAddress(look.socialPreview);
  const icon = imageAddress(look.favicon?.light);
  const darkIcon = imageAddress(look.favicon?.dark);
  const unlisted = isObject(view.site) && view.site.isUnlisted === true;
  return tag(
    'head',
    {},
    tag('meta', { charset: 'utf-8' }),
    tag('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    tag('title', {}, escapeText(fullTitle)),
    description ? tag('meta', { name: 'description', content: description }) : undefined,
    unlisted || !meta.isIndexable ? tag('meta', { name: 'robots', content: 'noindex' }) : undefined,
    canonical ? tag('link', { rel: 'canonical', href: canonical }) : undefined,
    markdown ? tag('link', { rel: 'alternate', type: 'text/markdown', href: markdown }) : undefined,
    icon ? tag('link', { rel: 'icon', href: icon }) : undefined,
    darkIcon && darkIcon !== icon ? tag('link', { rel: 'icon', href: darkIcon, media: '(prefers-color-scheme: dark)' }) : undefined,
    tag('meta', { property: 'og:type', content: 'website' }),
    tag('meta', { property: 'og:title', content: meta.title || siteTitle }),
    siteTitle ? tag('meta', { property: 'og:site_name', content: siteTitle }) : undefined,
    description ? tag('meta', { property: 'og:description', content: description }) : undefined,
    canonical ? tag('meta', { property: 'og:url', content: canonical }) : undefined,
    image ? tag('meta', { property: 'og:image', content: image }) : undefined,
    tag('meta', { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' }),
    tag('meta', { name: 'twitter:title', content: meta.title || siteTitle }),
    description ? tag('meta', { name: 'twitter:description', content: description }) : undefined,
    image ? tag('meta', { name: 'twitter:image', content: image }) : undefined,
    tag('style', {}, stylesheetOf(look, isObject(view.site) ? view.site : undefined)),
    readerScript(view.site),
  );
}

/** The reader's script (reader-script.ts) from the site's assets address, checked by its hash. */
function readerScript(site: unknown): Markup | undefined {
  const base = isObject(site) && typeof site.assetsUrl === 'string' ? pageAddress(site.assetsUrl) : undefined;
  if (!base) return undefined;
  return tag('script', { src: `${base.replace(/\/?$/, '/')}${READER_SCRIPT_FILE}`, integrity: `sha256-${READER_SCRIPT_HASH}`, defer: true });
}

/** The document around a page's main content; `currentId` marks the page in the tree. */
function shell(view: SiteChromeView, meta: HeadView, main: Markup, options: { currentId?: unknown; toc?: Markup } = {}): string {
  const safeView: SiteChromeView = isObject(view) ? view : ({} as SiteChromeView);
  const look = siteLookOf(isObject(safeView.site) ? safeView.site.customization : undefined);
  const tree = sidebar(safeView.pages, options.currentId);
  const body = tag(
    'body',
    { class: `theme-${look.theme}` },
    tag('a', { class: 'skip-link', href: '#content' }, escapeText(LABELS.skipToContent)),
    header(safeView, look),
    tag('div', { class: options.toc ? 'site-body has-toc' : 'site-body' }, tree, tag('main', { id: 'content', tabindex: '-1' }, main), options.toc),
    footer(look, siteTitleOf(safeView, look)),
  );
  return `<!doctype html>\n${tag('html', { lang: langOf(safeView.site) }, head(safeView, look, meta), body)}\n`;
}

function dateOf(value: unknown, lang: string): Markup | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  let shown: string;
  try {
    shown = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  } catch {
    shown = date.toISOString().slice(0, 10);
  }
  return tag('time', { datetime: date.toISOString() }, escapeText(shown));
}

function breadcrumbs(items: LinkView[]): Markup | undefined {
  if (items.length === 0) return undefined;
  return tag(
    'nav',
    { class: 'breadcrumbs', 'aria-label': LABELS.breadcrumbs },
    tag('ol', {}, ...items.map((item) => tag('li', {}, linkTo(item.url, pageMark(item.emoji, item.icon) + escapeText(bounded(item.title)))))),
  );
}

function pagination(previous: unknown, next: unknown): Markup | undefined {
  const link = (item: unknown, rel: 'prev' | 'next') =>
    isObject(item)
      ? linkTo(
          item.url,
          `${tag('small', {}, escapeText(rel === 'prev' ? LABELS.previous : LABELS.next))}${pageMark(item.emoji, item.icon)}${escapeText(bounded(item.title))}`,
          {
            class: rel === 'prev' ? 'previous' : 'next',
            rel,
          },
        )
      : undefined;
  const links = [link(previous, 'prev'), link(next, 'next')].filter((item): item is string => item !== undefined);
  return links.length > 0 ? tag('nav', { class: 'pagination', 'aria-label': LABELS.pagination }, ...links) : undefined;
}

/** "Edit on GitHub" (GitLab, Git) to the page's file in its repository: https only, else nothing. */
function editLink(url: unknown): Markup | undefined {
  const safe = typeof url === 'string' ? pageAddress(url) : undefined;
  if (!safe || !safe.startsWith('https://')) return undefined;
  const host = new URL(safe).hostname;
  const label = host === 'github.com' ? LABELS.editOnGitHub : host === 'gitlab.com' || host.startsWith('gitlab.') ? LABELS.editOnGitLab : LABELS.editOnGit;
  return tag('p', { class: 'page-actions' }, linkTo(safe, escapeText(label), { class: 'edit-link' }));
}

/**
 * "Was this page helpful?": a form posted to the page itself (no script needed), each button to
 * `?feedback=good`, `ok` or `bad` (the reference's PageFeedbackRating) with an empty body; the
 * reader's answer thanks the visitor and offers a comment (the script does both in place).
 */
function feedbackForm(): Markup {
  const button = (rating: 'good' | 'ok' | 'bad', label: string) =>
    tag('button', { type: 'submit', formaction: `?feedback=${rating}`, 'data-rating': rating }, escapeText(label));
  return tag(
    'form',
    { class: 'page-feedback', id: 'page-feedback', method: 'post', 'aria-labelledby': 'page-feedback-title' },
    tag('p', { id: 'page-feedback-title' }, escapeText(LABELS.feedbackQuestion)),
    button('good', LABELS.feedbackGood),
    button('ok', LABELS.feedbackOk),
    button('bad', LABELS.feedbackBad),
  );
}

/** A page of the site: breadcrumbs, the title (`<h1>`), description, the document, last update, previous/next. */
export function renderSitePage(view: SitePageView): string {
  const safe = isObject(view) ? view : ({} as SitePageView);
  const page: Partial<PageView> = isObject(safe.page) ? safe.page : {};
  const title = typeof page.title === 'string' ? bounded(page.title, 1024) : '';
  const description = typeof page.description === 'string' && page.description.trim() !== '' ? page.description : undefined;
  const summary = typeof page.summary === 'string' && page.summary.trim() !== '' ? page.summary : undefined;
  const updated = dateOf(page.updatedAt, langOf(safe.site));
  const main = [
    breadcrumbs(listOf<LinkView>(safe.breadcrumbs, 50)),
    tag('h1', {}, pageMark(page.emoji, page.icon) + escapeText(title)),
    description ? tag('p', { class: 'page-description' }, escapeText(bounded(description, 1024))) : undefined,
    editLink(page.editUrl),
    // Already rendered and sanitised by renderPageDocument: inserted as it is.
    tag('div', { class: 'page-document' }, typeof page.html === 'string' ? page.html : ''),
    page.feedback === true ? feedbackForm() : undefined,
    updated ? tag('p', { class: 'page-meta' }, `${escapeText(LABELS.lastUpdated)} ${updated}`) : undefined,
    pagination(safe.previous, safe.next),
  ].join('');
  return shell(safe, { title, description: description ?? summary, canonicalUrl: page.canonicalUrl, markdownUrl: page.markdownUrl, isIndexable: true }, main, {
    currentId: page.id,
    toc: tableOfContents(page.headings),
  });
}

/** Links to the results before and after these; none when there are neither. */
function searchPaging(previousUrl: unknown, nextUrl: unknown): Markup | undefined {
  const link = (url: unknown, rel: 'prev' | 'next') =>
    typeof url === 'string' && url
      ? linkTo(url, escapeText(rel === 'prev' ? LABELS.previousResults : LABELS.nextResults), { class: rel === 'prev' ? 'previous' : 'next', rel })
      : undefined;
  const links = [link(previousUrl, 'prev'), link(nextUrl, 'next')].filter((item): item is string => item !== undefined);
  return links.length > 0 ? tag('nav', { class: 'pagination search-paging', 'aria-label': LABELS.searchPaging }, ...links) : undefined;
}

/** The site's search page: a search box with the query, then the results (title, where, excerpt). */
export function renderSearchPage(view: SearchPageView): string {
  const safe = isObject(view) ? view : ({} as SearchPageView);
  const query = typeof safe.query === 'string' ? bounded(safe.query.trim(), 256) : '';
  const results = listOf<SearchResultView>(safe.results, 200);
  const heading = query ? `${LABELS.searchTitle}: ${query}` : LABELS.searchTitle;
  const list = results.map((result) =>
    tag(
      'li',
      {},
      linkTo(result.url, escapeText(bounded(result.title))),
      typeof result.context === 'string' && result.context ? tag('p', { class: 'context' }, escapeText(bounded(result.context))) : undefined,
      typeof result.excerpt === 'string' && result.excerpt ? tag('p', {}, escapeText(bounded(result.excerpt, 1024))) : undefined,
    ),
  );
  const main = [
    tag('h1', {}, escapeText(heading)),
    searchForm(isObject(safe.site) ? safe.site.searchUrl : undefined, 'search-page-q', LABELS.searchPage, query),
    !query
      ? tag('p', {}, escapeText(LABELS.searchPrompt))
      : typeof safe.refusal === 'string' && safe.refusal
        ? tag('p', { role: 'alert' }, escapeText(`${LABELS.searchRefused} ${bounded(safe.refusal)}.`))
        : list.length === 0
          ? tag('p', {}, escapeText(LABELS.noResults))
          : tag('ol', { class: 'plain search-results' }, ...list),
    query ? searchPaging(safe.previousUrl, safe.nextUrl) : undefined,
  ].join('');
  return shell(safe, { title: heading, isIndexable: false }, main);
}

/** The site's 404 page: what happened, a link home, a search box. */
export function renderNotFoundPage(view: NotFoundPageView): string {
  const safe = isObject(view) ? view : ({} as NotFoundPageView);
  const site = isObject(safe.site) ? safe.site : undefined;
  const path = typeof safe.path === 'string' && safe.path ? tag('p', {}, tag('code', {}, escapeText(bounded(safe.path)))) : undefined;
  const main = [
    tag('h1', {}, escapeText(LABELS.notFoundTitle)),
    tag('p', {}, escapeText(LABELS.notFoundText)),
    path,
    tag('p', {}, linkTo(site?.url, escapeText(LABELS.home))),
    searchForm(site?.searchUrl, 'not-found-q', LABELS.searchPage),
  ].join('');
  return shell(safe, { title: LABELS.notFoundTitle, isIndexable: false }, main);
}

const RATING_WORDS = { good: 'helpful', ok: 'somewhat helpful', bad: 'not helpful' } as const;

/**
 * Thanks for a page's feedback posted without script, in the site's chrome: after a rating, a form
 * for an optional comment posted to the page with the same `?feedback=`; a link back to the page.
 */
export function renderFeedbackPage(view: FeedbackPageView): string {
  const safe = isObject(view) ? view : ({} as FeedbackPageView);
  const rating = typeof safe.rating === 'string' && Object.hasOwn(RATING_WORDS, safe.rating) ? safe.rating : 'ok';
  // A path on the site's own origin only: the form posts there.
  const page = typeof safe.pageUrl === 'string' && /^\/(?!\/)/.test(safe.pageUrl) ? pageAddress(safe.pageUrl) : undefined;
  const max = Number.isInteger(safe.commentMax) && safe.commentMax > 0 ? safe.commentMax : 512;
  const form =
    safe.commented === true || !page
      ? undefined
      : tag(
          'form',
          { class: 'feedback-comment', method: 'post', action: `${page}?feedback=${rating}` },
          tag('label', { for: 'feedback-comment' }, escapeText(LABELS.feedbackComment.replace('{max}', String(max)))),
          tag('textarea', { id: 'feedback-comment', name: 'comment', maxlength: String(max), rows: '4', required: true }),
          tag('button', { type: 'submit' }, escapeText(LABELS.feedbackSendComment)),
        );
  const main = [
    tag('h1', {}, escapeText(LABELS.feedbackThanks)),
    tag('p', {}, escapeText(safe.commented === true ? LABELS.feedbackCommentSent : `You found this page ${RATING_WORDS[rating]}.`)),
    form,
    page ? tag('p', {}, linkTo(page, escapeText(LABELS.feedbackBack))) : undefined,
  ].join('');
  return shell(safe, { title: LABELS.feedbackThanks, isIndexable: false }, main);
}
