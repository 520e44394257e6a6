// Which URLs a website import follows: the start URL's origin and directory, one URL per page
// (fragments and queries dropped), pages only (not the site's images, downloads and feeds).

const NOT_PAGES =
  /\.(png|jpe?g|gif|webp|svg|ico|bmp|avif|pdf|zip|gz|tgz|tar|7z|rar|dmg|exe|msi|mp[34]|webm|mov|avi|wav|ogg|woff2?|ttf|otf|css|js|mjs|json|xml|rss|atom|txt|csv|docx?|xlsx?|pptx?)$/i;

export class CrawlScope {
  readonly origin: string;
  /** The start URL's directory: `/docs/` for `/docs/intro` and `/docs/`. */
  readonly prefix: string;

  constructor(start: URL) {
    this.origin = start.origin;
    this.prefix = start.pathname.slice(0, start.pathname.lastIndexOf('/') + 1);
  }

  /** The URL to fetch for a link target, or undefined when the crawl does not follow it. */
  follow(href: string, base: string): URL | undefined {
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      return undefined;
    }
    if (url.origin !== this.origin || !url.pathname.startsWith(this.prefix) || NOT_PAGES.test(url.pathname)) return undefined;
    url.hash = '';
    url.search = '';
    return url;
  }

  includes(url: URL): boolean {
    return url.origin === this.origin && url.pathname.startsWith(this.prefix);
  }
}

/** One key per page: `/a/`, `/a/index.html` and `/a` are one page on every common server. */
export function pageKey(url: URL): string {
  const path = url.pathname.replace(/\/index\.html?$/i, '/').replace(/\/+$/, '');
  return url.origin + (path || '/');
}
