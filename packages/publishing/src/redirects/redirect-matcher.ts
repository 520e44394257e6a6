import { normalizePath } from '../paths/path-normalizer';
import { SOURCE_PATH_MAX_LENGTH } from './redirect-source';

// The matcher never scans redirects: it lists the keys a redirect matching `path` could have, in
// order of preference, and a store fetches them in one probe
// (`WHERE site_id = $1 AND source_key = ANY($2)`), then keeps the first listed key it found
// (pickRedirect). Preference: the exact path, then wildcards by longest prefix.
//
// Because "*" is a character wildcard ("/docs*" matches "/docs-v2/a"), every character prefix of
// the path is a possible wildcard prefix, so the list is bounded by the path's length, capped by
// the longest possible source (512): at most min(length, 512) keys, each an index probe.

export interface RedirectCandidate {
  key: string;
  kind: 'exact' | 'wildcard';
  /** The part of the path the wildcard matched ("" for exact): what captureWildcard appends. */
  suffix: string;
}

export interface RedirectProbe {
  /** The request path in canonical form. */
  path: string;
  candidates: RedirectCandidate[];
}

/** Whether cutting `path` before index `at` splits a "%XX" escape. */
function cutsEscape(path: string, at: number): boolean {
  return path[at - 1] === '%' || path[at - 2] === '%';
}

/** The keys to probe for a request path, best first. Never throws. */
export function redirectCandidates(requestPath: string): RedirectProbe {
  const path = normalizePath(requestPath);
  const candidates: RedirectCandidate[] = [];
  if (path === '/') return { path, candidates };
  if (path.length <= SOURCE_PATH_MAX_LENGTH) candidates.push({ key: path, kind: 'exact', suffix: '' });
  // A wildcard key is prefix + "*", so its prefix has at most 511 characters; "/*" is not a source.
  for (let end = Math.min(path.length, SOURCE_PATH_MAX_LENGTH - 1); end >= 2; end -= 1) {
    if (cutsEscape(path, end)) continue;
    candidates.push({ key: `${path.slice(0, end)}*`, kind: 'wildcard', suffix: path.slice(end) });
  }
  return { path, candidates };
}

/** The best of the redirects a probe found: the first candidate whose key is among `found`. */
export function pickRedirect<T extends { key: string }>(probe: RedirectProbe, found: readonly T[]): { redirect: T; candidate: RedirectCandidate } | undefined {
  if (found.length === 0) return undefined;
  const byKey = new Map(found.map((row) => [row.key, row]));
  for (const candidate of probe.candidates) {
    const redirect = byKey.get(candidate.key);
    if (redirect) return { redirect, candidate };
  }
  return undefined;
}
