import { Router } from 'express';
import { route } from '@quire/platform/http';
import { spaceParams } from '../../content-tree';
import type { ContentHttpDeps } from '../../shared';
import { listSpaceCustomFields } from '../application/list-space-custom-fields';
import { updateSpaceCustomFields } from '../application/update-space-custom-fields';
import { presentCustomFieldValue } from '../presenters/custom-field.presenter';
import { updateSpaceCustomFieldsBody } from './custom-fields.schema';

/** A space's custom-field values: `read` level on the space to see them, `edit` to change them. */
export function spaceCustomFieldsRoutes(deps: ContentHttpDeps): Router {
  const { urls } = deps;
  const router = Router();

  router.get(
    '/v1/spaces/:spaceId/custom-fields',
    route({ params: spaceParams }, async ({ params, principal }, res) => {
      const rows = await listSpaceCustomFields(deps, principal, params);
      res.json(rows.map((row) => presentCustomFieldValue(row, urls)));
    }),
  );

  router.patch(
    '/v1/spaces/:spaceId/custom-fields',
    route({ params: spaceParams, body: updateSpaceCustomFieldsBody }, async ({ params, body, principal }, res) => {
      await updateSpaceCustomFields(deps, principal, { spaceId: params.spaceId, values: body.values });
      res.status(204).end();
    }),
  );

  return router;
}
