import { notFound } from '@quire/errors';
import { parsePublishedUrl, signVisitorToken, type VisitorClaims } from '@quire/publishing';
import { findPublishedSite, readSiteAudiences } from '../../sites';
import { openSigningKey } from '../domain/signing-key';
import type { SiteOidcAnswer } from '../model/site-oidc';
import { findPublishingAuth } from '../store/publishing-auth.store';
import { findSiteOidc } from '../store/site-oidc.store';
import { withClientSecret } from './configure-site-oidc';
import type { SiteRef } from './deps';
import type { SiteOidcDeps } from './site-oidc-deps';

export type ReaderSignIn =
  | { found: false }
  | {
      found: true;
      organizationId: string;
      siteId: string;
      siteBasePath: string;
      logoutUrl: string | null;
      oidc: (SiteOidcAnswer & { clientSecret: string }) | null;
    };

type ReaderSignInDeps = Pick<SiteOidcDeps, 'db' | 'serviceSecret' | 'urls' | 'clock'>;

/**
 * For the reader (gRPC only, the secret never leaves on a public route): the published site at a
 * URL's address, its root there, and its OIDC sign-in with the client secret when the site is
 * visitor-auth and has one.
 */
export async function readReaderSignIn(deps: ReaderSignInDeps, url: string): Promise<ReaderSignIn> {
  const parsed = parsePublishedUrl(url, { publicUrl: deps.urls.app('/') });
  if (!parsed.ok) return { found: false };
  const found = await findPublishedSite(deps.db, parsed.candidates);
  if (!found) return { found: false };
  const { site, candidate } = found;
  const [record, auth] = await Promise.all([findSiteOidc(deps.db, site.id), findPublishingAuth(deps.db, site.id)]);
  const oidc = site.visibility === 'visitor-auth' && record ? withClientSecret(deps.serviceSecret, record) : null;
  return { found: true, organizationId: site.organizationId, siteId: site.id, siteBasePath: candidate.siteBasePath, logoutUrl: auth?.logoutUrl ?? null, oidc };
}

/**
 * A visitor token for claims the site's OpenID provider vouched for (the reader checked the ID
 * token), signed with the site's key. Refused unless the site is visitor-auth with OIDC set, so
 * this never signs for a site that did not ask for it.
 */
export async function issueOidcVisitorToken(deps: ReaderSignInDeps, ref: SiteRef, visitor: VisitorClaims): Promise<string> {
  const [audiences, record, auth] = await Promise.all([
    readSiteAudiences(deps.db, ref.organizationId, ref.siteId),
    findSiteOidc(deps.db, ref.siteId),
    findPublishingAuth(deps.db, ref.siteId),
  ]);
  if (audiences?.site.visibility !== 'visitor-auth' || !record || !auth) throw notFound(`Site ${ref.siteId} has no OpenID Connect sign-in`);
  return signVisitorToken(visitor, openSigningKey(deps.serviceSecret, auth.privateKeySealed), deps.clock());
}
