import type { sites as sitesProto } from '@quire/proto';
import { answerCacheKey, CACHED_KINDS, type AnswerCache, type CachedKind } from '../../answer-cache';
import type { VisitKind } from '../../visits';
import { acceptedCredentials, credentialCookies, readVisit, type Visit } from '../domain/visitor-credentials';
import { visitOf } from '../domain/visit-of';
import { siteRedirectStatus, type VisitOutcome } from '../domain/reader-answer';
import { LONG_ANSWER_ENTRY_FACTOR, LONG_ANSWER_KINDS, readRequestKind } from '../domain/request-kind';
import type { ReaderDeps } from './deps';
import { answerContent } from './answer-content';
import { entryOf } from './answer-entry';
import { answerFile } from './answer-file';
import { answerMachineRead } from './answer-machine-read';
import { answerSearch } from './answer-search';

/**
 * A visitor's request for a published address: sites says what the URL shows
 * to this visitor (its audience checked, redirects applied), then the page is rendered. Credentials
 * on the URL are kept in cookies and the visitor sent to the clean URL; a refused visitor of a
 * visitor-auth site goes to its fallbackURL (or a 401 page); anything else unknown is a 404 page.
 */
export async function answerVisit(deps: ReaderDeps, request: { url: string; cookie?: string; secure: boolean }): Promise<VisitOutcome> {
  const visit = readVisit(request.url, request.cookie);
  if (visit.hasUnkeepableToken) return { kind: 'token-too-long' };
  // `<page>.md`, `sitemap.xml`, `robots.txt`, `~files/…`, `~search`: the page's, the site space's or the site's address is resolved.
  const asked = readRequestKind(visit.resolveUrl);
  const sites = deps.sites();
  const resolved = await resolve(deps, asked.url, visit);

  if (resolved.outcome === 'redirect' && resolved.redirect) {
    return { kind: 'redirect', status: siteRedirectStatus(resolved.redirect.visibility), location: resolved.redirect.redirect, cookies: [] };
  }
  if (resolved.outcome === 'content' && resolved.content) {
    const content = resolved.content;
    if (visit.cleanUrl !== null) {
      // Keep only a credential that opened this content, in a cookie of this site only, and take it off the address.
      const cookies = credentialCookies(acceptedCredentials(visit.fromUrl, content), content.siteBasePath, request.secure);
      return { kind: 'redirect', status: 302, location: visit.cleanUrl, cookies };
    }
    if (asked.kind === 'file') return answerFile(deps, content, asked.fileId as string);
    if (asked.kind === 'search') return answerSearch(deps, content, asked.search ?? { query: '', page: 1 });
    if (asked.kind === 'robots') return answerMachineRead(deps, asked.kind, asked.url, content);
    const kind = asked.kind;
    return cachedOr(deps, content, kind, () => (kind === 'page' ? answerContent(deps, content) : answerMachineRead(deps, kind, asked.url, content)));
  }
  if (resolved.refusedAudience === 'visitor-auth') {
    const fallback = await sites.resolvePublishedUrl({ url: asked.url, visitorToken: visit.visitorToken, redirectOnError: true });
    if (fallback.outcome === 'redirect' && fallback.redirect) return { kind: 'redirect', status: 302, location: fallback.redirect.redirect, cookies: [] };
    return { kind: 'sign-in-needed' };
  }
  return { kind: 'no-site', path: new URL(request.url).pathname };
}

/**
 * What sites answers for the URL: kept for anonymous visitors (the resolution cache, invalidated by
 * events); any credential resolves through sites, so a revoked share key stops at the next request.
 */
async function resolve(deps: ReaderDeps, url: string, visit: Visit): Promise<sitesProto.ResolvePublishedUrlResponse> {
  const ask = () => deps.sites().resolvePublishedUrl({ url, visitorToken: visit.visitorToken, redirectOnError: false });
  if (!visit.anonymous || !deps.resolutions?.enabled) return ask();
  const lookup = await deps.resolutions.lookup(url);
  if (lookup.kind === 'hit') return lookup.resolved;
  const resolved = await ask();
  void deps.resolutions.keep(lookup, resolved);
  return resolved;
}

/**
 * The answer cache in front of a rendering, so a page visitors ask for again is not rendered again: sites has just resolved the address for
 * this visitor (audience, redirects, unpublish: all live), so a kept answer of the same site
 * version, site space, path and kind is what rendering would give now. On a miss the outcome
 * carries its key: the route keeps it once encoded, if it is a 200.
 */
async function cachedOr(
  deps: ReaderDeps,
  content: sitesProto.PublishedSiteContent,
  kind: CachedKind,
  render: () => Promise<VisitOutcome>,
): Promise<VisitOutcome> {
  const key = deps.answers?.enabled && CACHED_KINDS.includes(kind) ? answerCacheKey(content, kind) : null;
  if (!key || !deps.answers) return render();
  const entry = await deps.answers.get(key, kind);
  if (entry) {
    const visit = entry.visit && visitOf(entry.visit.kind as VisitKind, content, entry.visit.revision, entry.visit.page);
    return { kind: 'cached', entry, ...(visit ? { visit } : {}) };
  }
  const answers = deps.answers;
  if (LONG_ANSWER_KINDS.includes(kind)) return answers.flights.join(key, async () => kept(answers, key, await render()));
  const outcome = await render();
  // A page rendered without a reference that failed to read (its note) is answered, not kept.
  return (outcome.kind === 'page' && !outcome.isPartial) || outcome.kind === 'text' ? { ...outcome, cacheKey: key } : outcome;
}

/**
 * A long answer's render keeps its own result (the route may have answered its visitor 503 by
 * then): a 200 text is encoded and stored, and every request that joined the render gets it.
 */
async function kept(answers: AnswerCache, key: string, outcome: VisitOutcome): Promise<VisitOutcome> {
  if (outcome.kind !== 'text' || outcome.status !== 200) return outcome;
  const entry = await entryOf(outcome);
  // Not waited for: a slow cache must not hold the flight (and every request joining it) open.
  void answers.set(key, entry, LONG_ANSWER_ENTRY_FACTOR);
  return { kind: 'cached', entry, rendered: true, ...(outcome.visit ? { visit: outcome.visit } : {}) };
}
