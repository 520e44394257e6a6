import { parseHtmlDocument } from './html-document';

// The links of a web page, for a crawl: every `<a href>` but `rel="nofollow"` (navigation included:
// that is how a site's pages are found), with the base they resolve against.

export interface PageLinks {
  /** A `<base href>` on the page's own origin, else the page's URL. */
  base: string;
  /** The `href`s as written, in document order. */
  hrefs: string[];
}

export function htmlLinks(html: string, pageUrl: string): PageLinks {
  const document = parseHtmlDocument(html);
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  const base = baseHref ? sameOrigin(baseHref, pageUrl) : pageUrl;
  const hrefs: string[] = [];
  for (const anchor of Array.from(document.querySelectorAll('a[href]'))) {
    if (/\bnofollow\b/i.test(anchor.getAttribute('rel') ?? '')) continue;
    hrefs.push(anchor.getAttribute('href') ?? '');
  }
  return { base, hrefs };
}

/** A `<base href>` on the page's own origin, else the page's URL. */
function sameOrigin(href: string, pageUrl: string): string {
  try {
    const url = new URL(href, pageUrl);
    return url.origin === new URL(pageUrl).origin ? url.href : pageUrl;
  } catch {
    return pageUrl;
  }
}
