import { isDotSegment } from '../paths/path-normalizer';
import type { RedirectCandidate } from './redirect-matcher';

// Where a matched redirect sends a visitor, and with which status (reference SiteRedirect):
// - a `draft` redirect is not live: it answers only in a preview;
// - `permanent` is 308 for public live traffic and 307 in every other context (a preview, or a
//   site whose audience is not public: share-link, visitor-auth), so browsers never cache a
//   permanent move of restricted content;
// - `captureWildcard` appends the suffix the wildcard matched to the destination's path, before
//   its query and fragment. For "/a/*" the suffix is whole segments, joined with "/"; for "/a*" it
//   continues the destination's last segment. A "." or ".." in the suffix never climbs above the
//   destination.

export interface RedirectRule {
  draft: boolean;
  permanent: boolean;
  captureWildcard: boolean;
}

export type RedirectTraffic = 'public-live' | 'restricted-live' | 'preview';

export interface RedirectTarget {
  location: string;
  status: 307 | 308;
}

/** Splits a URL or absolute path into what precedes its path, its path, and its ?query#fragment. */
function splitUrl(destination: string): { head: string; path: string; tail: string } {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(destination);
  const head = scheme ? scheme[0] : '';
  const rest = destination.slice(head.length);
  const cut = rest.search(/[?#]/);
  return cut >= 0 ? { head, path: rest.slice(0, cut), tail: rest.slice(cut) } : { head, path: rest, tail: '' };
}

/** `suffix`'s segments appended to `base`'s (joining the first to base's last when `glued`), dots clamped. */
function appendSuffix(basePath: string, suffix: string, glued: boolean): string {
  const base = basePath.split('/');
  const added = suffix.split('/');
  if (glued && base.length > 1 && base[base.length - 1] !== '') base[base.length - 1] += added.shift() ?? '';
  else if (base[base.length - 1] === '') base.pop();
  const kept: string[] = [];
  for (const segment of added) {
    if (segment === '' || segment === '.') continue;
    if (isDotSegment(segment)) kept.pop();
    else kept.push(segment);
  }
  const joined = [...base, ...kept].join('/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/**
 * The answer to a request that matched `redirect` with `suffix` (RedirectCandidate.suffix), given
 * its destination already resolved to a URL or an absolute path; undefined when the redirect is
 * not live for this traffic.
 */
export function resolveRedirectTarget(
  redirect: RedirectRule,
  match: Pick<RedirectCandidate, 'key' | 'suffix'>,
  destination: string,
  traffic: RedirectTraffic,
): RedirectTarget | undefined {
  if (redirect.draft && traffic !== 'preview') return undefined;
  const status = redirect.permanent && traffic === 'public-live' ? 308 : 307;
  if (!redirect.captureWildcard || match.suffix === '') return { location: destination, status };
  const { head, path, tail } = splitUrl(destination);
  return { location: `${head}${appendSuffix(path, match.suffix, !match.key.endsWith('/*'))}${tail}`, status };
}
