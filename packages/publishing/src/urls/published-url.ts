import { pathSegments } from '../paths/path-normalizer';

// Where a published URL points, before any lookup (reference resolvePublishedContentByUrl):
// the addresses of sites it could belong to, best first, each with the path left inside that site.
// A site lives at one of (see the sites service's site presenter):
// - its proxy origin, "company.com/docs" (SiteProxyOrigin: a host and ≥ 1 segment of [\w-]);
// - its custom hostname, "docs.company.com" (SiteHostname, no port);
// - PUBLIC_URL/sites/{organizationId}/{basename} (the site id while it has no basename).
// Decisions: the scheme plays no part (TLS usually ends at a proxy in front); hostnames are
// compared lower-case without a trailing dot, and the port is ignored for custom hostnames and
// proxy origins (neither can carry one) but must equal PUBLIC_URL's for the built-in address;
// paths are compared in canonical form (paths/path-normalizer), so "..", "//", escapes and
// trailing slashes never change the site and never climb out of it.

/** The most proxy-origin segments tried: bounds the probe whatever the URL's depth. */
export const MAX_PROXY_SEGMENTS = 8;
/** URLs longer than this are refused before parsing (browsers and CDNs cap near 8 KB). */
export const MAX_PUBLISHED_URL_LENGTH = 8192;

export type SiteLookup =
  { kind: 'built-in'; organizationId: string; basename: string } | { kind: 'proxy'; proxyUrl: string } | { kind: 'hostname'; hostname: string };

export interface SiteAddressCandidate {
  lookup: SiteLookup;
  /** The site's path prefix in the URL, ending with "/" (PublishedSiteContent.siteBasePath). */
  siteBasePath: string;
  /** Canonical segments of the URL's path inside the site (sections, site spaces, then the page). */
  rest: string[];
}

export interface ParsedPublishedUrl {
  ok: true;
  candidates: SiteAddressCandidate[];
  /** `share_key` of a share-link site, `jwt_token` of a visitor-auth site, when present. */
  shareKey?: string;
  visitorToken?: string;
}

export type PublishedUrlProblem = 'too-long' | 'invalid-url' | 'unsupported-scheme';

export type PublishedUrlParse = ParsedPublishedUrl | { ok: false; problem: PublishedUrlProblem; message: string };

const MESSAGES: Record<PublishedUrlProblem, string> = {
  'too-long': `url must be at most ${MAX_PUBLISHED_URL_LENGTH} characters`,
  'invalid-url': 'url must be an absolute URL',
  'unsupported-scheme': 'url must be an http or https URL',
};

const PROXY_SEGMENT = /^[\w-]+$/;

function refuse(problem: PublishedUrlProblem): PublishedUrlParse {
  return { ok: false, problem, message: MESSAGES[problem] };
}

function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.$/, '');
}

/** A canonical segment back to the raw string a store keeps (ids, basenames); undefined if not UTF-8. */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function builtInCandidate(url: URL, segments: string[], publicUrl: URL): SiteAddressCandidate | undefined {
  if (url.host.toLowerCase() !== publicUrl.host.toLowerCase()) return undefined;
  const base = [...pathSegments(publicUrl.pathname), 'sites'];
  if (segments.length < base.length + 2 || base.some((segment, i) => segments[i] !== segment)) return undefined;
  const [org, basename] = segments.slice(base.length, base.length + 2);
  const organizationId = decodeSegment(org);
  const decodedBasename = decodeSegment(basename);
  if (organizationId === undefined || decodedBasename === undefined) return undefined;
  return {
    lookup: { kind: 'built-in', organizationId, basename: decodedBasename },
    siteBasePath: `/${[...base, org, basename].join('/')}/`,
    rest: segments.slice(base.length + 2),
  };
}

/**
 * The sites a published URL may belong to, best first: the built-in address, then proxy origins
 * from the longest to the shortest, then the custom hostname. A store looks them all up in one
 * query and keeps the first that exists. Never throws.
 */
export function parsePublishedUrl(input: string, options: { publicUrl: string }): PublishedUrlParse {
  if (typeof input !== 'string') return refuse('invalid-url');
  if (input.length > MAX_PUBLISHED_URL_LENGTH) return refuse('too-long');
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refuse('invalid-url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse('unsupported-scheme');
  const segments = pathSegments(url.pathname);
  const candidates: SiteAddressCandidate[] = [];
  const builtIn = builtInCandidate(url, segments, new URL(options.publicUrl));
  if (builtIn) candidates.push(builtIn);
  const host = hostOf(url);
  let proxyDepth = 0;
  while (proxyDepth < Math.min(segments.length, MAX_PROXY_SEGMENTS) && PROXY_SEGMENT.test(segments[proxyDepth])) proxyDepth += 1;
  for (let depth = proxyDepth; depth >= 1; depth -= 1) {
    const prefix = segments.slice(0, depth).join('/');
    candidates.push({ lookup: { kind: 'proxy', proxyUrl: `${host}/${prefix}` }, siteBasePath: `/${prefix}/`, rest: segments.slice(depth) });
  }
  candidates.push({ lookup: { kind: 'hostname', hostname: host }, siteBasePath: '/', rest: segments });
  const shareKey = url.searchParams.get('share_key') ?? undefined;
  const visitorToken = url.searchParams.get('jwt_token') ?? undefined;
  return { ok: true, candidates, ...(shareKey ? { shareKey } : {}), ...(visitorToken ? { visitorToken } : {}) };
}
