import type { Router } from 'express';
import type { IdentityEntryDeps } from '../../accounts';
import { getScimGroup, listScimGroups } from '../application/read-scim-resources';
import { createScimGroup, deleteScimGroup, patchScimGroup, replaceScimGroup } from '../application/save-scim-group';
import { presentScimGroup } from '../presenters/scim-resource.presenter';
import { scimResourceRoutes } from './scim-resource.routes';

/** /Groups of a connection's SCIM service (RFC 7644 §3): teams provisioned by SCIM. A DELETE removes the team. */
export function scimGroupsRoutes(deps: IdentityEntryDeps): Router {
  return scimResourceRoutes(deps, {
    endpoint: 'Groups',
    idOf: (group) => group.teamId,
    present: presentScimGroup,
    list: listScimGroups,
    get: getScimGroup,
    create: createScimGroup,
    replace: replaceScimGroup,
    patch: (d, connection, teamId, operations, baseUrl) => patchScimGroup(d, connection, { teamId, operations, baseUrl }),
    remove: deleteScimGroup,
  });
}
