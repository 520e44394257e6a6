import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { UrlBuilder } from '@quire/urls';
import { orgParams, type IdentityEntryDeps } from '../../accounts';
import { createScimConnection, type ScimConnectionWithToken } from '../application/create-scim-connection';
import { deleteScimConnection } from '../application/delete-scim-connection';
import { getScimConnection, listScimConnections } from '../application/read-scim-connections';
import { rotateScimConnectionToken } from '../application/rotate-scim-connection-token';
import { presentScimConnection } from '../presenters/scim-connection.presenter';
import { createScimConnectionBody, listScimConnectionsQuery, scimConnectionParams } from './scim-connections.schema';

const withToken = ({ connection, token }: ScimConnectionWithToken, urls: UrlBuilder) => ({ connection: presentScimConnection(connection, urls), token });

/** An organization's SCIM connections (organization admins only, reads included: they configure provisioning). */
export function scimConnectionsRoutes(deps: IdentityEntryDeps): Router {
  const { urls } = deps;
  const router = Router();
  const base = '/v1/orgs/:organizationId/scim/connections';

  router.get(
    base,
    route({ params: orgParams, query: listScimConnectionsQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listScimConnections(deps, principal, { organizationId: params.organizationId, page });
      res.json(
        listEnvelope(
          rows.map((c) => presentScimConnection(c, urls)),
          total,
          page,
        ),
      );
    }),
  );

  // 201 with the token, shown this once.
  router.post(
    base,
    route({ params: orgParams, body: createScimConnectionBody }, async ({ params, body, principal }, res) => {
      const answer = withToken(await createScimConnection(deps, principal, { organizationId: params.organizationId, ...body }), urls);
      res.status(201).location(answer.connection.urls.location).json(answer);
    }),
  );

  router.get(
    `${base}/:scimConnectionId`,
    route({ params: scimConnectionParams }, async ({ params, principal }, res) => {
      res.json(presentScimConnection(await getScimConnection(deps, principal, params), urls));
    }),
  );

  router.delete(
    `${base}/:scimConnectionId`,
    route({ params: scimConnectionParams }, async ({ params, principal }, res) => {
      await deleteScimConnection(deps, principal, params);
      res.status(204).end();
    }),
  );

  // 200 with the new token; the old one is refused from now on.
  router.post(
    `${base}/:scimConnectionId/rotate-token`,
    route({ params: scimConnectionParams }, async ({ params, principal }, res) => {
      res.json(withToken(await rotateScimConnectionToken(deps, principal, params), urls));
    }),
  );

  return router;
}
