import type { Router } from 'express';
import type { IdentityEntryDeps } from '../../accounts';
import { getScimUser, listScimUsers } from '../application/read-scim-resources';
import { createScimUser, deleteScimUser, patchScimUser, replaceScimUser } from '../application/save-scim-user';
import { presentScimUser } from '../presenters/scim-resource.presenter';
import { scimResourceRoutes } from './scim-resource.routes';

/**
 * /Users of a connection's SCIM service (RFC 7644 §3): the organization's provisioned people. A
 * DELETE takes the user out of the organization, their API tokens refused there from then on.
 */
export function scimUsersRoutes(deps: IdentityEntryDeps): Router {
  return scimResourceRoutes(deps, {
    endpoint: 'Users',
    idOf: (user) => user.userId,
    present: presentScimUser,
    list: listScimUsers,
    get: getScimUser,
    create: createScimUser,
    replace: replaceScimUser,
    patch: (d, connection, userId, operations, baseUrl) => patchScimUser(d, connection, { userId, operations, baseUrl }),
    remove: deleteScimUser,
  });
}
