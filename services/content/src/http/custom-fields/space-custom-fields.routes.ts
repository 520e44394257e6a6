import { Router } from 'express';
import { route } from '@quire/platform/http';
import { updateSpaceCustomFieldValues } from '../../domain/custom-fields-values';
import { authorizeSpace } from '../../policies/space.policy';
import { presentCustomFieldValue } from '../../presenters/custom-field.presenter';
import { listSpaceCustomFieldValues } from '../../store/custom-field-values.store';
import { spaceParams } from '../content.schema';
import type { ContentHttpDeps } from '../deps';
import { updateSpaceCustomFieldsBody } from './custom-fields.schema';

/** A space's custom-field values: `read` level on the space to see them, `edit` to change them. */
export function spaceCustomFieldsRoutes({ db, urls, clock, membership }: ContentHttpDeps): Router {
  const router = Router();

  router.get(
    '/v1/spaces/:spaceId/custom-fields',
    route({ params: spaceParams }, async ({ params, principal }, res) => {
      // A deleted space is as absent as one that never existed.
      const { space } = await authorizeSpace(db, membership, params.spaceId, principal.userId, 'readCustomFields', 'live');
      const rows = await listSpaceCustomFieldValues(db, space.organizationId, space.id);
      res.json(rows.map((row) => presentCustomFieldValue(row, urls)));
    }),
  );

  router.patch(
    '/v1/spaces/:spaceId/custom-fields',
    route({ params: spaceParams, body: updateSpaceCustomFieldsBody }, async ({ params, body, principal }, res) => {
      const { space } = await authorizeSpace(db, membership, params.spaceId, principal.userId, 'editCustomFields', 'live');
      await updateSpaceCustomFieldValues(db, space, body.values, clock());
      res.status(204).end();
    }),
  );

  return router;
}
