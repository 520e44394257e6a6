import { badRequest, notFound } from '@quire/errors';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { OutboundError } from '@quire/platform/outbound';
import { enqueueEvent } from '@quire/platform/outbox';
import { authorizeSite, publishedUrl, type Site } from '../../sites';
import { openClientSecret, sealClientSecret } from '../domain/client-secret';
import { discoveryUrlOf, readDiscovery, scopesOf } from '../domain/oidc-discovery';
import type { OidcEndpoints, SiteOidcAnswer, SiteOidcInput, SiteOidcRecord, SiteOidcView } from '../model/site-oidc';
import { deleteSiteOidcRow, findSiteOidc, putSiteOidcRow } from '../store/site-oidc.store';
import type { SiteRef } from './deps';
import { loadOrCreatePublishingAuth } from './load-publishing-auth';
import type { SiteOidcDeps } from './site-oidc-deps';

/** Where readers come back from the provider, relative to the site's root: the address to register with it. */
export const OIDC_CALLBACK_PATH = '~gitbook/auth/oidc/callback';

/**
 * PUT …/publishing/auth/oidc: the provider's discovery document is read through the outbound door
 * (its issuer must match), then the configuration replaces the site's, its secret sealed. The
 * site's signing key is created too: an OIDC reader's session is a visitor token signed with it.
 */
export async function configureSiteOidc(deps: SiteOidcDeps, callerId: string, ref: SiteRef, input: SiteOidcInput): Promise<SiteOidcView> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manageVisitorAuth');
  const endpoints = await discover(deps, input.issuer);
  const now = deps.clock();
  const row = { ...input, ...endpoints, scopes: scopesOf(input.scopes), clientSecretSealed: sealClientSecret(deps.serviceSecret, input.clientSecret) };
  const record = await deps.db.transaction(async (tx) => {
    await loadOrCreatePublishingAuth(tx, deps.serviceSecret, site, callerId, now);
    const saved = await putSiteOidcRow(tx, site.id, row, now);
    const data = { organizationId: site.organizationId, siteId: site.id, fields: ['oidc'], keyRegenerated: false, updatedBy: callerId };
    await enqueueEvent(tx, outboxEvent(SITES_TOPIC, site.id, SiteEvent.sitePublishingAuthUpdated, data), now);
    return saved;
  });
  return viewOf(deps, site, record);
}

/** GET …/publishing/auth/oidc: admins only, as the rest of visitor auth; 404 when none is set. */
export async function getSiteOidc(deps: SiteOidcDeps, callerId: string, ref: SiteRef): Promise<SiteOidcView> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manageVisitorAuth');
  const record = await findSiteOidc(deps.db, site.id);
  if (!record) throw notFound(`Site ${site.id} has no OpenID Connect sign-in`);
  return viewOf(deps, site, record);
}

/** DELETE …/publishing/auth/oidc: readers sign in with visitor JWTs only again; 404 when none was set. */
export async function removeSiteOidc(deps: SiteOidcDeps, callerId: string, ref: SiteRef): Promise<void> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manageVisitorAuth');
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    if (!(await deleteSiteOidcRow(tx, site.id))) throw notFound(`Site ${site.id} has no OpenID Connect sign-in`);
    const data = { organizationId: site.organizationId, siteId: site.id, fields: ['oidc'], keyRegenerated: false, updatedBy: callerId };
    await enqueueEvent(tx, outboxEvent(SITES_TOPIC, site.id, SiteEvent.sitePublishingAuthUpdated, data), now);
  });
}

/** The configuration with its secret opened, for the reader's gRPC call only. */
export function withClientSecret(serviceSecret: string, record: SiteOidcRecord): SiteOidcAnswer & { clientSecret: string } {
  const { clientSecretSealed, ...rest } = record;
  return { ...rest, clientSecret: openClientSecret(serviceSecret, clientSecretSealed) };
}

async function discover(deps: SiteOidcDeps, issuer: string): Promise<OidcEndpoints> {
  let document: unknown;
  try {
    const response = await deps.outbound.fetch(discoveryUrlOf(issuer), { accept: 'application/json', maxBytes: 256 * 1024, timeoutMs: 10_000 });
    document = JSON.parse(response.body.toString('utf8'));
  } catch (err) {
    const why = err instanceof OutboundError ? err.message : 'its answer is no JSON';
    throw badRequest(`issuer: cannot read ${discoveryUrlOf(issuer)} (${why})`);
  }
  const read = readDiscovery(issuer, document);
  if (!read.ok) throw badRequest(read.message);
  return read.endpoints;
}

function viewOf(
  deps: SiteOidcDeps,
  site: Pick<Site, 'id' | 'organizationId' | 'basename' | 'hostname' | 'proxyUrl' | 'published'>,
  record: SiteOidcRecord,
): SiteOidcView {
  const { clientSecretSealed: _sealed, ...answer } = record;
  const root = publishedUrl(site, deps.urls);
  return { ...answer, ...(root ? { redirectUri: `${root}${OIDC_CALLBACK_PATH}` } : {}) };
}
