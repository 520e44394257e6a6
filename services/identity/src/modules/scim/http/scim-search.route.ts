import type { RequestHandler } from 'express';
import type { IdentityEntryDeps } from '../../accounts';
import { searchScimResources } from '../application/read-scim-resources';
import { presentScimList } from '../presenters/scim-resource.presenter';
import { scimContext, scimHandler, sendScim } from './scim-http';
import { listQueryOf, resourceBodyOf } from './scim.schema';

/** POST /.search at the service root (RFC 7644 §3.4.3): Users and Groups together. */
export function scimSearchRoute(deps: IdentityEntryDeps): RequestHandler {
  return scimHandler(async (req, res) => {
    const { connection, baseUrl } = scimContext(res);
    const { query, selection } = listQueryOf(resourceBodyOf(req.body));
    sendScim(res, 200, presentScimList(await searchScimResources(deps, connection, { query, baseUrl }), selection));
  });
}
