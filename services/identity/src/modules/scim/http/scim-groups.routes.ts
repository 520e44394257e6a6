import { Router } from 'express';
import type { IdentityEntryDeps } from '../../accounts';
import { getScimGroup, listScimGroups } from '../application/read-scim-resources';
import { createScimGroup, deleteScimGroup, patchScimGroup, replaceScimGroup } from '../application/save-scim-group';
import { presentScimGroup, presentScimList } from '../presenters/scim-resource.presenter';
import { scimContext, scimHandler, sendScim } from './scim-http';
import { listQueryOf, patchOperationsOf, resourceBodyOf } from './scim.schema';

/** /Groups of a connection's SCIM service (RFC 7644 §3): teams provisioned by SCIM. */
export function scimGroupsRoutes(deps: IdentityEntryDeps): Router {
  const router = Router({ mergeParams: true });
  const selectionOf = (req: { query: Record<string, unknown> }) => listQueryOf(req.query).selection;

  const list = (source: 'query' | 'body') =>
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const { query, selection } = listQueryOf(source === 'query' ? req.query : resourceBodyOf(req.body));
      sendScim(res, 200, presentScimList(await listScimGroups(deps, connection, { query, baseUrl }), selection));
    });
  router.get('/', list('query'));
  router.post('/.search', list('body'));

  // 201 with the Group and its Location (RFC 7644 §3.3).
  router.post(
    '/',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const group = await createScimGroup(deps, connection, resourceBodyOf(req.body));
      res.location(`${baseUrl}/Groups/${group.teamId}`);
      sendScim(res, 201, presentScimGroup(group, baseUrl, selectionOf(req)));
    }),
  );

  router.get(
    '/:id',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      sendScim(res, 200, presentScimGroup(await getScimGroup(deps, connection, String(req.params.id)), baseUrl, selectionOf(req)));
    }),
  );

  router.put(
    '/:id',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const group = await replaceScimGroup(deps, connection, String(req.params.id), resourceBodyOf(req.body));
      sendScim(res, 200, presentScimGroup(group, baseUrl, selectionOf(req)));
    }),
  );

  router.patch(
    '/:id',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const group = await patchScimGroup(deps, connection, { teamId: String(req.params.id), operations: patchOperationsOf(req.body), baseUrl });
      sendScim(res, 200, presentScimGroup(group, baseUrl, selectionOf(req)));
    }),
  );

  // 204: the team is gone.
  router.delete(
    '/:id',
    scimHandler(async (req, res) => {
      await deleteScimGroup(deps, scimContext(res).connection, String(req.params.id));
      res.status(204).end();
    }),
  );
  return router;
}
