import { OutboundError } from '@quire/platform/outbound';
import { ImportRefused } from '@quire/formats';
import robotsParser from 'robots-parser';
import { CrawlScope, pageKey } from './crawl-scope';
import { responseText } from './fetched-text';
import type { FetchBudget } from './fetch-budget';
import type { ImportLimits } from '../../../settings';
import type { ImportDeps } from './importer';

// A breadth-first crawl of one site section, bounded by pages, depth, bytes and time (the limits),
// polite by robots.txt. A page that fails is logged and skipped; only the start page's failure
// fails the import.

export const USER_AGENT = 'QuireImporter';
const CONCURRENCY = 4;
const ROBOTS_MAX_BYTES = 500 * 1024; // RFC 9309 §2.5: crawlers parse at least 500 KiB
const HTML = /^\s*(text\/html|application\/xhtml\+xml)\b/i;

export interface CrawledPage {
  /** The URL that answered (after redirects). */
  url: string;
  html: string;
  depth: number;
}

export interface Crawl {
  pages: CrawledPage[];
  /** Page URLs fetched, answered or not. */
  fetched: number;
  /** The directory the crawl stayed in. */
  scope: CrawlScope;
}

interface Queued {
  url: URL;
  depth: number;
}

export async function crawlWebsite(start: string, deps: ImportDeps, budget: FetchBudget): Promise<Crawl> {
  const startUrl = parseStart(start);
  const scope = new CrawlScope(startUrl);
  const isAllowed = await loadRobots(startUrl, deps, budget);
  if (!isAllowed(startUrl.href)) throw new ImportRefused(`robots.txt of ${startUrl.origin} does not allow ${USER_AGENT} to read ${startUrl.href}`);
  const crawler = new Crawler(startUrl, scope, isAllowed, deps, budget);
  await crawler.run();
  return { pages: crawler.pages, fetched: crawler.fetched, scope };
}

class Crawler {
  readonly pages: CrawledPage[] = [];
  fetched = 0;
  /** First in, first out: breadth first, in the order links were found (deterministic). */
  private readonly queue: Queued[];
  private head = 0;
  private readonly seen: Set<string>;
  private stop: string | undefined;
  private beyondDepth = 0;
  private hasMoreThanPageLimit = false;

  constructor(
    start: URL,
    private readonly scope: CrawlScope,
    private readonly isAllowed: (url: string) => boolean,
    private readonly deps: ImportDeps,
    private readonly budget: FetchBudget,
  ) {
    this.queue = [{ url: start, depth: 0 }];
    this.seen = new Set([pageKey(start)]);
  }

  async run(): Promise<void> {
    const { limits } = this.deps;
    while (this.head < this.queue.length && !this.stop) {
      this.stop = this.fetched >= limits.maxCrawlPages ? `maxCrawlPages (${limits.maxCrawlPages})` : budgetStop(this.budget, limits);
      if (this.stop) break;
      const batch = this.queue.slice(this.head, this.head + Math.min(CONCURRENCY, limits.maxCrawlPages - this.fetched));
      this.head += batch.length;
      this.fetched += batch.length;
      const answers = await Promise.all(batch.map((item) => fetchPage(item, item.depth === 0, this.deps, this.budget)));
      for (const [index, answer] of answers.entries()) await this.visit(batch[index]!, answer);
    }
    if (!this.stop && this.hasMoreThanPageLimit) this.stop = `maxCrawlPages (${limits.maxCrawlPages})`;
    if (this.stop) this.deps.log.warn({ limit: this.stop, pages: this.pages.length }, 'website import: crawl limit reached, importing what was crawled');
    if (this.beyondDepth)
      this.deps.log.warn(
        { limit: `maxCrawlDepth (${limits.maxCrawlDepth})`, notFollowed: this.beyondDepth },
        'website import: links deeper than the limit not followed',
      );
  }

  private async visit(item: Queued, answer: FetchedPage | 'limit' | undefined): Promise<void> {
    // Bodies are counted here, in crawl order, so that what is imported never exceeds maxCrawlBytes.
    if (answer === 'limit' || (answer && !this.budget.take(answer.bytes))) {
      this.stop ??= budgetStop(this.budget, this.deps.limits) ?? `maxCrawlBytes (${this.deps.limits.maxCrawlBytes})`;
      return;
    }
    if (!answer) return;
    const finalUrl = new URL(answer.url);
    const key = pageKey(finalUrl);
    if (!this.scope.includes(finalUrl) || (key !== pageKey(item.url) && this.seen.has(key))) return; // redirected out, or to a page already had
    this.seen.add(key);
    this.pages.push({ url: answer.url, html: answer.html, depth: item.depth });
    if (this.pages.length % 10 === 0) {
      const progress = { pages: this.pages.length, queued: this.queue.length - this.head, bytes: this.deps.limits.maxCrawlBytes - this.budget.bytesRemaining };
      this.deps.log.info(progress, 'website import: progress');
    }
    for (const link of await links(this.deps, answer.html, answer.url, this.scope)) this.enqueue(link, item.depth + 1);
  }

  private enqueue(link: URL, depth: number): void {
    const key = pageKey(link);
    if (this.seen.has(key) || !this.isAllowed(link.href)) return;
    if (depth > this.deps.limits.maxCrawlDepth) {
      this.seen.add(key);
      this.beyondDepth++;
    } else if (this.fetched + this.queue.length - this.head >= this.deps.limits.maxCrawlPages) {
      this.hasMoreThanPageLimit = true; // queued URLs are fetched in order: one past the limit never would be
    } else {
      this.seen.add(key);
      this.queue.push({ url: link, depth });
    }
  }
}

interface FetchedPage {
  url: string;
  html: string;
  bytes: number;
}

function budgetStop(budget: FetchBudget, limits: ImportLimits): string | undefined {
  if (budget.isOutOfTime) return `maxCrawlMs (${limits.maxCrawlMs})`;
  if (budget.isOutOfBytes) return `maxCrawlBytes (${limits.maxCrawlBytes})`;
  return undefined;
}

function parseStart(start: string): URL {
  try {
    const url = new URL(start);
    url.hash = '';
    return url;
  } catch {
    throw new OutboundError('invalid-url', 'not a valid URL');
  }
}

/** One page's HTML, undefined when it is skipped, 'limit' when the crawl ran out of bytes or time. */
async function fetchPage(item: Queued, isStart: boolean, deps: ImportDeps, budget: FetchBudget): Promise<FetchedPage | 'limit' | undefined> {
  try {
    const response = await deps.fetcher.fetch(item.url.href, budget.options('text/html, application/xhtml+xml;q=0.9'));
    if (!HTML.test(response.contentType ?? '')) {
      if (isStart) throw new ImportRefused(`${response.url} is not an HTML page (content type ${response.contentType ?? 'none'})`);
      deps.log.info({ url: response.url, contentType: response.contentType }, 'website import: not an HTML page, skipped');
      return undefined;
    }
    return { url: response.url, html: responseText(response), bytes: response.body.length };
  } catch (err) {
    if (isStart || !(err instanceof OutboundError || err instanceof ImportRefused)) throw err;
    deps.log.warn({ url: item.url.href, err: err.message }, 'website import: page skipped');
    const isOverBudget = (err instanceof OutboundError && err.kind === 'too-large' && budget.bytesRemaining < deps.limits.maxFetchBytes) || budget.isOutOfTime;
    return isOverBudget ? 'limit' : undefined;
  }
}

/** The crawl's next URLs from a page's links (the page parsed in a conversion thread). */
async function links(deps: ImportDeps, html: string, pageUrl: string, scope: CrawlScope): Promise<URL[]> {
  const { base, hrefs } = await deps.conversions.htmlLinks(html, pageUrl);
  return hrefs.map((href) => scope.follow(href, base)).filter((url): url is URL => url !== undefined);
}

/**
 * The site's robots.txt as a URL test. Missing (4xx) allows everything; a server error or an
 * unreachable file means "disallow all" (RFC 9309 §2.3.1.4), so the import is refused; a refused
 * address is the start URL's refusal.
 */
async function loadRobots(start: URL, deps: ImportDeps, budget: FetchBudget): Promise<(url: string) => boolean> {
  const robotsUrl = `${start.origin}/robots.txt`;
  try {
    const options = budget.options('text/plain');
    const response = await deps.fetcher.fetch(robotsUrl, { ...options, maxBytes: Math.min(options.maxBytes ?? ROBOTS_MAX_BYTES, ROBOTS_MAX_BYTES) });
    budget.take(response.body.length);
    const robots = robotsParser(robotsUrl, response.body.toString('utf8'));
    return (url) => robots.isAllowed(url, USER_AGENT) !== false;
  } catch (err) {
    if (!(err instanceof OutboundError) || err.kind === 'refused' || err.kind === 'invalid-url') throw err;
    if (err.kind === 'too-large' || (err.kind === 'http' && err.status !== undefined && err.status < 500)) return () => true;
    throw new ImportRefused(`robots.txt of ${start.origin} could not be read (${err.message}), so the site may not be crawled`);
  }
}
