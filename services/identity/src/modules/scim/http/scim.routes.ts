import { Router, type NextFunction, type Request, type Response } from 'express';
import { toApiError } from '@quire/errors';
import type { IdentityEntryDeps } from '../../accounts';
import { authenticateScimConnection } from '../application/authenticate-scim-connection';
import { ScimError } from '../domain/scim-errors';
import { listResponse } from '../domain/scim-representation';
import { resourceTypeResources, schemaResources, serviceProviderConfig } from '../domain/scim-schemas';
import { scimBaseUrl } from '../presenters/scim-connection.presenter';
import { presentScimError } from '../presenters/scim-resource.presenter';
import { scimGroupsRoutes } from './scim-groups.routes';
import { scimSearchRoute } from './scim-search.route';
import { scimUsersRoutes } from './scim-users.routes';
import { scimContext, sendScim, type ScimRequestContext } from './scim-http';

/** Discovery endpoints are read-only: other methods are a 405 (RFC 7644 §4). */
const readOnly = (path: string, router: Router) =>
  router.all(path, (req, _res, next) =>
    next(req.method === 'GET' || req.method === 'HEAD' ? undefined : new ScimError(405, `${req.method} is not allowed on ${path}`)),
  );

const discovery = (name: 'Schemas' | 'ResourceTypes', all: (baseUrl: string) => Record<string, unknown>[]): Router => {
  const router = Router({ mergeParams: true });
  readOnly(`/${name}`, router);
  readOnly(`/${name}/:id`, router);
  router.get(`/${name}`, (_req, res) => sendScim(res, 200, listResponse(all(scimContext(res).baseUrl), {})));
  router.get(`/${name}/:id`, (req, res) => {
    const found = all(scimContext(res).baseUrl).find((r) => r.id === req.params.id);
    if (!found) throw new ScimError(404, `${name === 'Schemas' ? 'Schema' : 'Resource type'} ${req.params.id} not found`);
    sendScim(res, 200, found);
  });
  return router;
};

/**
 * The SCIM 2.0 service of each connection, at `PUBLIC_URL/scim/v2/{connectionId}` (RFC 7644).
 * The gateway forwards it without API-token authentication: the connection's own bearer token
 * is checked here, on every request.
 */
export function scimRoutes(deps: IdentityEntryDeps): Router {
  const scim = Router({ mergeParams: true });
  scim.use((req, res, next) => {
    const connectionId = String(req.params.connectionId);
    authenticateScimConnection(deps, req.log, { connectionId, authorization: req.header('authorization') }).then((connection) => {
      res.locals.scim = { connection, baseUrl: scimBaseUrl(connection.id, deps.urls) } satisfies ScimRequestContext;
      next();
    }, next);
  });
  readOnly('/ServiceProviderConfig', scim);
  scim.get('/ServiceProviderConfig', (_req, res) => sendScim(res, 200, serviceProviderConfig(scimContext(res).baseUrl, deps.urls.app('/docs'))));
  scim.use(discovery('Schemas', schemaResources));
  scim.use(discovery('ResourceTypes', resourceTypeResources));
  scim.post('/.search', scimSearchRoute(deps));
  scim.use('/Users', scimUsersRoutes(deps));
  scim.use('/Groups', scimGroupsRoutes(deps));
  scim.use((req, _res, next) => next(new ScimError(404, `No SCIM endpoint ${req.method} ${req.path}`)));
  scim.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const apiError = toApiError(err);
    if (apiError.code >= 500) req.log.error({ err }, 'SCIM request failed');
    sendScim(res, apiError.code, presentScimError(apiError.code, apiError.message, err instanceof ScimError ? err.scimType : undefined));
  });
  const router = Router();
  router.use('/scim/v2/:connectionId', scim);
  return router;
}
