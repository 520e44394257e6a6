import { conflict } from '@quire/errors';
import { newId } from '@quire/ids';
import { findRedirectByKey, insertRedirect } from '../store/site-redirects.store';
import type { InputDestination, SiteRedirect, SiteRedirectFields } from '../model/site-redirect';
import { announceRedirects } from './announce-redirects';
import { checkDestination } from './check-destination';
import { checkRedirectLoop } from './check-redirect-loop';
import { authorizeSite } from '../../sites';
import type { RedirectCallerDeps, RedirectSiteRef } from './deps';
import { resolveDestination } from './resolve-destination';

/**
 * createSiteRedirect: 409 when a redirect of the same kind (live/draft) already has this source; a
 * page by path is resolved first; a live redirect that would loop is a 400.
 */
export async function createSiteRedirect(
  deps: RedirectCallerDeps,
  callerId: string,
  ref: RedirectSiteRef,
  input: Omit<SiteRedirectFields, 'destination'> & { destination: InputDestination },
): Promise<SiteRedirect> {
  const site = await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'manage');
  const fields: SiteRedirectFields = { ...input, destination: await resolveDestination(deps, site.id, input.destination) };
  await checkRedirectLoop(deps, site, fields);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    await checkDestination(tx, site.id, fields.destination);
    if (await findRedirectByKey(tx, site.id, fields.draft, fields.key))
      throw conflict(`A ${fields.draft ? 'draft' : 'live'} redirect with source ${fields.source} already exists`);
    const redirect = await insertRedirect(tx, newId(), site.id, fields, now);
    await announceRedirects(tx, site, [{ status: 'created', redirectId: redirect.id, source: redirect.source, draft: redirect.draft }], callerId, now);
    return redirect;
  });
}
