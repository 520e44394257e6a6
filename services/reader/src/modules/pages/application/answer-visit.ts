import type { SiteChromeView } from '@quire/page-html';
import type { sites as sitesProto } from '@quire/proto';
import { answerAuthAddress, beginSignIn, readAuthAddress } from '../../oidc-sign-in';
import { acceptedCredentials, credentialCookies, readVisitorAccess, type VisitorAccess } from '../../visitor-access';
import { siteRedirectStatus, type VisitOutcome } from '../domain/reader-answer';
import { readRequestKind } from '../domain/request-kind';
import type { ReaderDeps } from './deps';
import { answerContent } from './answer-content';
import { cachedOr } from './answer-caching';
import { answerBlob, answerFile } from './answer-file';
import { answerMachineRead } from './answer-machine-read';
import { answerSearch } from './answer-search';
import { loadSiteChrome } from './site-chrome';

/**
 * A visitor's request for a published address: sites says what the URL shows
 * to this visitor (its audience checked, redirects applied), then the page is rendered. Credentials
 * on the URL are kept in cookies and the visitor sent to the clean URL; a refused visitor of a
 * visitor-auth site goes to its OpenID provider, else its fallbackURL (or a 401 page); anything else
 * unknown is a 404 page. The sign-in addresses under a site's root (`~gitbook/auth/…`) come first.
 */
export async function answerVisit(deps: ReaderDeps, request: { url: string; cookie?: string; secure: boolean }): Promise<VisitOutcome> {
  const signIn = deps.signIn;
  const authAddress = signIn && readAuthAddress(request.url);
  if (signIn && authAddress) return (await answerAuthAddress(signIn, authAddress, request)) ?? { kind: 'no-site', path: new URL(request.url).pathname };
  const access = readVisitorAccess(request.url, request.cookie);
  if (access.hasUnkeepableToken) return { kind: 'token-too-long' };
  // `<page>.md`, `sitemap.xml`, `robots.txt`, `~files/…`, `~search`: the page's, the site space's or the site's address is resolved.
  const asked = readRequestKind(access.resolveUrl);
  const sites = deps.sites();
  const resolved = await resolve(deps, asked.url, access);

  if (resolved.outcome === 'redirect' && resolved.redirect) {
    return { kind: 'redirect', status: siteRedirectStatus(resolved.redirect.visibility), location: resolved.redirect.redirect, cookies: [] };
  }
  if (resolved.outcome === 'content' && resolved.content) {
    const content = resolved.content;
    if (access.cleanUrl !== null) {
      // Keep only a credential that opened this content, in a cookie of this site only, and take it off the address.
      const cookies = credentialCookies(acceptedCredentials(access.fromUrl, content), content.siteBasePath, request.secure);
      return { kind: 'redirect', status: 302, location: access.cleanUrl, cookies };
    }
    if (asked.blob !== undefined) return answerBlob(deps, content, asked.blob);
    if (asked.kind === 'file') return answerFile(deps, content, asked.fileId !== undefined ? { id: asked.fileId } : { name: asked.fileName ?? '' });
    if (asked.kind === 'search') return answerSearch(deps, content, asked.search ?? { query: '', page: 1 });
    if (asked.kind === 'robots') return answerMachineRead(deps, asked.kind, asked.url, content);
    const kind = asked.kind;
    return cachedOr(deps, content, kind, () => (kind === 'page' ? answerContent(deps, content) : answerMachineRead(deps, kind, asked.url, content)));
  }
  if (resolved.refusedAudience === 'visitor-auth') {
    // A site with an OpenID provider sends the reader there; a callback that fails shows a page, so this never loops.
    const toProvider = signIn && (await beginSignIn(signIn, { url: request.url, secure: request.secure }));
    if (toProvider) return toProvider;
    const fallback = await sites.resolvePublishedUrl({ url: asked.url, visitorToken: access.visitorToken, redirectOnError: true });
    if (fallback.outcome === 'redirect' && fallback.redirect) return { kind: 'redirect', status: 302, location: fallback.redirect.redirect, cookies: [] };
    return { kind: 'sign-in-needed' };
  }
  return { kind: 'no-site', path: new URL(request.url).pathname };
}

/**
 * The chrome of the site around an address this visitor may read (header, sidebar, styles, fonts),
 * for the reader's own answers at a page's address (feedback's thanks); none when sites does not
 * show the visitor content there. The resolution and the chrome's reads are the page's kept ones.
 */
export async function siteChromeAt(deps: ReaderDeps, request: { url: string; cookie?: string }): Promise<SiteChromeView | undefined> {
  const access = readVisitorAccess(request.url, request.cookie);
  const resolved = await resolve(deps, readRequestKind(access.resolveUrl).url, access);
  return resolved.outcome === 'content' && resolved.content ? (await loadSiteChrome(deps, resolved.content)).chrome : undefined;
}

/**
 * What sites answers for the URL: kept for anonymous visitors (the resolution cache, invalidated by
 * events); any credential resolves through sites, so a revoked share key stops at the next request.
 */
async function resolve(deps: ReaderDeps, url: string, access: VisitorAccess): Promise<sitesProto.ResolvePublishedUrlResponse> {
  const ask = () => deps.sites().resolvePublishedUrl({ url, visitorToken: access.visitorToken, redirectOnError: false });
  if (!access.anonymous || !deps.resolutions?.enabled) return ask();
  const lookup = await deps.resolutions.lookup(url);
  if (lookup.kind === 'hit') return lookup.resolved;
  const resolved = await ask();
  void deps.resolutions.keep(lookup, resolved);
  return resolved;
}
