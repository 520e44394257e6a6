import { Router } from 'express';
import type { IdentityEntryDeps } from '../../accounts';
import { getScimUser, listScimUsers } from '../application/read-scim-resources';
import { createScimUser, deleteScimUser, patchScimUser, replaceScimUser } from '../application/save-scim-user';
import { presentScimList, presentScimUser } from '../presenters/scim-resource.presenter';
import { scimContext, scimHandler, sendScim } from './scim-http';
import { listQueryOf, patchOperationsOf, resourceBodyOf } from './scim.schema';

/** /Users of a connection's SCIM service (RFC 7644 §3): the organization's provisioned people. */
export function scimUsersRoutes(deps: IdentityEntryDeps): Router {
  const router = Router({ mergeParams: true });
  const selectionOf = (req: { query: Record<string, unknown> }) => listQueryOf(req.query).selection;

  const list = (source: 'query' | 'body') =>
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const { query, selection } = listQueryOf(source === 'query' ? req.query : resourceBodyOf(req.body));
      sendScim(res, 200, presentScimList(await listScimUsers(deps, connection, { query, baseUrl }), selection));
    });
  router.get('/', list('query'));
  router.post('/.search', list('body'));

  // 201 with the User and its Location (RFC 7644 §3.3).
  router.post(
    '/',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const user = await createScimUser(deps, connection, resourceBodyOf(req.body));
      res.location(`${baseUrl}/Users/${user.userId}`);
      sendScim(res, 201, presentScimUser(user, baseUrl, selectionOf(req)));
    }),
  );

  router.get(
    '/:id',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      sendScim(res, 200, presentScimUser(await getScimUser(deps, connection, String(req.params.id)), baseUrl, selectionOf(req)));
    }),
  );

  router.put(
    '/:id',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const user = await replaceScimUser(deps, connection, String(req.params.id), resourceBodyOf(req.body));
      sendScim(res, 200, presentScimUser(user, baseUrl, selectionOf(req)));
    }),
  );

  router.patch(
    '/:id',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const user = await patchScimUser(deps, connection, { userId: String(req.params.id), operations: patchOperationsOf(req.body), baseUrl });
      sendScim(res, 200, presentScimUser(user, baseUrl, selectionOf(req)));
    }),
  );

  // 204: the user is out of the organization, their API tokens refused there from now on.
  router.delete(
    '/:id',
    scimHandler(async (req, res) => {
      await deleteScimUser(deps, scimContext(res).connection, String(req.params.id));
      res.status(204).end();
    }),
  );
  return router;
}
