import { Router } from 'express';
import type { IdentityEntryDeps } from '../../accounts';
import type { PatchOperation } from '../domain/scim-patch';
import type { ScimListQuery } from '../domain/scim-representation';
import type { ScimConnection } from '../model/scim-connection';
import { presentScimList, type AttributeSelection } from '../presenters/scim-resource.presenter';
import { scimContext, scimHandler, sendScim } from './scim-http';
import { listQueryOf, patchOperationsOf, resourceBodyOf } from './scim.schema';

/** What one SCIM resource type (Users, Groups) does, for the routes they share (RFC 7644 §3). */
export interface ScimResourceHandlers<R> {
  /** The endpoint's name, in Locations: `Users`, `Groups`. */
  endpoint: string;
  idOf: (record: R) => string;
  present: (record: R, baseUrl: string, selection: AttributeSelection) => Record<string, unknown>;
  list: (
    deps: IdentityEntryDeps,
    connection: ScimConnection,
    input: { query: ScimListQuery; baseUrl: string },
  ) => Promise<{ Resources: Record<string, unknown>[] }>;
  get: (deps: IdentityEntryDeps, connection: ScimConnection, id: string) => Promise<R>;
  create: (deps: IdentityEntryDeps, connection: ScimConnection, resource: Record<string, unknown>) => Promise<R>;
  replace: (deps: IdentityEntryDeps, connection: ScimConnection, id: string, resource: Record<string, unknown>) => Promise<R>;
  patch: (deps: IdentityEntryDeps, connection: ScimConnection, id: string, operations: PatchOperation[], baseUrl: string) => Promise<R>;
  remove: (deps: IdentityEntryDeps, connection: ScimConnection, id: string) => Promise<void>;
}

/** A resource type's endpoint: list and `/.search`, create (201 with its Location), get, PUT, PATCH, DELETE (204). */
export function scimResourceRoutes<R>(deps: IdentityEntryDeps, handlers: ScimResourceHandlers<R>): Router {
  const router = Router({ mergeParams: true });
  const selectionOf = (req: { query: Record<string, unknown> }) => listQueryOf(req.query).selection;

  const list = (source: 'query' | 'body') =>
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const { query, selection } = listQueryOf(source === 'query' ? req.query : resourceBodyOf(req.body));
      sendScim(res, 200, presentScimList(await handlers.list(deps, connection, { query, baseUrl }), selection));
    });
  router.get('/', list('query'));
  router.post('/.search', list('body'));

  router.post(
    '/',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const record = await handlers.create(deps, connection, resourceBodyOf(req.body));
      res.location(`${baseUrl}/${handlers.endpoint}/${handlers.idOf(record)}`);
      sendScim(res, 201, handlers.present(record, baseUrl, selectionOf(req)));
    }),
  );

  router.get(
    '/:id',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      sendScim(res, 200, handlers.present(await handlers.get(deps, connection, String(req.params.id)), baseUrl, selectionOf(req)));
    }),
  );

  router.put(
    '/:id',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const record = await handlers.replace(deps, connection, String(req.params.id), resourceBodyOf(req.body));
      sendScim(res, 200, handlers.present(record, baseUrl, selectionOf(req)));
    }),
  );

  router.patch(
    '/:id',
    scimHandler(async (req, res) => {
      const { connection, baseUrl } = scimContext(res);
      const record = await handlers.patch(deps, connection, String(req.params.id), patchOperationsOf(req.body), baseUrl);
      sendScim(res, 200, handlers.present(record, baseUrl, selectionOf(req)));
    }),
  );

  router.delete(
    '/:id',
    scimHandler(async (req, res) => {
      await handlers.remove(deps, scimContext(res).connection, String(req.params.id));
      res.status(204).end();
    }),
  );
  return router;
}
