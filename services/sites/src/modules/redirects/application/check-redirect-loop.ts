import { badRequest } from '@quire/errors';
import { parsePublishedUrl, pickRedirect, redirectCandidates, resolveRedirectTarget } from '@quire/publishing';
import { siteCandidateOf } from '../../sites';
import { findRedirectsByKeys } from '../store/site-redirects.store';
import type { SiteRedirectFields } from '../model/site-redirect';
import { type DestinationUrlDeps, redirectDestinationUrl } from './redirect-destination-url';

type LoopSite = Parameters<typeof redirectDestinationUrl>[1] & Parameters<typeof siteCandidateOf>[0];

/** Browsers give up after 20 redirects; a chain this long on one site is a mistake too. */
const MAX_CHAIN = 20;
/** What a wildcard source's `*` stands for when its chain is followed: any one segment. */
const WILDCARD_PROBE = 'x';

/**
 * Refuses (400, naming `field`) a live redirect whose chain comes back to an address it passed:
 * followed from its source through the site's live redirects as they will be once it is written
 * (`written` and the redirects written `alongside` it replace the redirect `replacing` and the live
 * ones with their sources; `removedKeys` are deleted by the same call), each target that
 * lies on one of the site's own addresses (built-in, custom hostname or proxy origin, whatever the
 * scheme: a content destination, or an external URL pointing back at the site) is looked up
 * again. A self-redirect is the shortest loop. A draft is not live, so it is checked once promoted.
 */
export async function checkRedirectLoop(
  deps: DestinationUrlDeps,
  site: LoopSite,
  written: SiteRedirectFields,
  options: { replacing?: string; field?: string; alongside?: readonly SiteRedirectFields[]; removedKeys?: readonly string[] } = {},
): Promise<void> {
  if (written.draft) return;
  const overlay = [written, ...(options.alongside ?? [])].filter((r) => !r.draft);
  const hidden = new Set([...overlay.map((r) => r.key), ...(options.removedKeys ?? [])]);
  const field = options.field ?? 'destination';
  const start = written.key.endsWith('*') ? `${written.key.slice(0, -1)}${WILDCARD_PROBE}` : written.key;
  const passed: string[] = [];
  let path = start;
  for (let hop = 0; hop < MAX_CHAIN; hop++) {
    const probe = redirectCandidates(path);
    const stored = await findRedirectsByKeys(
      deps.db,
      site.id,
      false,
      probe.candidates.map((c) => c.key),
    );
    const live = [...stored.filter((r) => r.id !== options.replacing && !hidden.has(r.key)), ...overlay];
    const match = pickRedirect(probe, live);
    if (!match) return;
    if (passed.includes(probe.path)) throw loop(field, written.source, [...passed, probe.path]);
    passed.push(probe.path);
    const destination = await redirectDestinationUrl(deps, site, match.redirect.destination);
    const target = resolveRedirectTarget({ ...match.redirect, draft: false }, match.candidate, destination, 'public-live');
    const next = target && pathOnSite(target.location, site, deps.urls.app('/'));
    if (next === undefined) return;
    path = next;
  }
  throw badRequest(`Invalid body field "${field}": redirect ${written.source} starts a chain of more than ${MAX_CHAIN} redirects`);
}

/** The path inside the site a URL names (`/guides/a`), or undefined when it is not one of the site's addresses. */
function pathOnSite(url: string, site: LoopSite, publicUrl: string): string | undefined {
  const parsed = parsePublishedUrl(url, { publicUrl });
  const candidate = parsed.ok ? siteCandidateOf(site, parsed.candidates) : undefined;
  return candidate && `/${candidate.rest.join('/')}`;
}

function loop(field: string, source: string, chain: readonly string[]) {
  return badRequest(`Invalid body field "${field}": redirect ${source} would loop (${chain.join(' → ')})`);
}
