// What the aggregate columns read from URLs, derived once at ingest: the domain of a referrer or
// of a link target, and the campaign (utm_*) parameters of the page's URL.

/**
 * The host of a URL, lowercased and without a leading `www.` (a dashboard counts
 * www.google.com and google.com as one referrer); '' for anything that is not an absolute URL.
 */
export function domainOf(url: string | null | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmParameter = (typeof UTM_PARAMETERS)[number];

const NO_CAMPAIGN: Readonly<Record<UtmParameter, string>> = Object.freeze({ utm_source: '', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '' });

/** The campaign parameters of a page URL, decoded ('' when absent); the first one wins when repeated. */
export function utmOf(url: string): Readonly<Record<UtmParameter, string>> {
  // Most views carry none: a URL with neither `utm` nor a percent-escape (`%75tm_source`) in its text has none.
  if (!/utm|%/i.test(url)) return NO_CAMPAIGN;
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return NO_CAMPAIGN;
  }
  return Object.fromEntries(UTM_PARAMETERS.map((name) => [name, params.get(name) ?? ''])) as Record<UtmParameter, string>;
}
