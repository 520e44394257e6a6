import { ApiError } from '@quire/errors';
import type { sites } from '@quire/proto';
import type { SiteReadsDeps } from '../../site-reads';
import { readVisitorAccess } from '../../visitor-access';

/** The site an MCP request is for, as this visitor may read it, and the visitor's credentials. */
export interface McpSite {
  content: sites.PublishedSiteContent;
  /** The site's root at the address the visitor used (`…/sites/org/docs/`): relative paths resolve against it. */
  rootUrl: string;
  shareKey: string;
  visitorToken: string;
}

export type McpSiteResolution = { ok: true; site: McpSite } | { ok: false; status: 401 | 404; message: string };

const MCP_SUFFIX = '/~gitbook/mcp';

/** Whether a path is a site's MCP address (`<site>/~gitbook/mcp`). */
export function isMcpPath(path: string): boolean {
  return path.replace(/\/+$/, '').endsWith(MCP_SUFFIX);
}

/**
 * `<site>/~gitbook/mcp` → the site, resolved by sites for this visitor like any page of it: the
 * share key (`?share_key=` or the cookie) and the visitor token (`?jwt_token=` or the cookie) are
 * the page's. MCP clients follow no redirects, so credentials on the URL are used as they are.
 */
export async function resolveMcpSite(deps: SiteReadsDeps, request: { url: string; cookie: string | undefined }): Promise<McpSiteResolution> {
  const noSite = { ok: false, status: 404, message: 'No published site at this address' } as const;
  // An address that is no URL (an odd Host), or one sites refuses as input, names no site.
  if (!URL.canParse(request.url)) return noSite;
  const access = readVisitorAccess(request.url, request.cookie);
  const resolve = new URL(access.resolveUrl);
  resolve.pathname = resolve.pathname.replace(/\/+$/, '').slice(0, -MCP_SUFFIX.length) + '/';
  const shareKey = resolve.searchParams.get('share_key') ?? '';
  const visitorToken = access.fromUrl.visitorToken ?? access.visitorToken;
  resolve.searchParams.delete('jwt_token');
  const resolved = await deps
    .sites()
    .resolvePublishedUrl({ url: resolve.toString(), visitorToken, redirectOnError: false })
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.code === 400) return null;
      throw err;
    });
  if (!resolved) return noSite;
  const content = resolved.outcome === 'content' ? resolved.content : undefined;
  const trim = (path: string) => path.replace(/\/+$/, '');
  if (!content || trim(resolve.pathname) !== trim(content.siteBasePath)) {
    if (resolved.refusedAudience === 'visitor-auth')
      return { ok: false, status: 401, message: 'This site is only for signed-in visitors: send its visitor token (jwt_token)' };
    return noSite;
  }
  const root = new URL(resolve);
  root.search = '';
  return { ok: true, site: { content, rootUrl: root.toString(), shareKey, visitorToken } };
}
