import { Router, type Request, type Response } from 'express';
import { notFound, parseInput, type Role } from '@quire/common';
import { updateSpaceCustomFieldValues } from '../../domain/custom-fields-values';
import { authorizeContent } from '../../policies/content.policy';
import { presentCustomFieldValue } from '../../presenters/custom-field.presenter';
import { listSpaceCustomFieldValues } from '../../store/custom-field-values.store';
import { findSpaceById, type SpaceRow } from '../../store/spaces.store';
import type { ContentHttpDeps } from '../deps';
import { updateSpaceCustomFieldsBody } from './custom-fields.schema';

type SpaceParams = { spaceId: string };

/** A space's custom-field values: `read` level on the space to see them, `edit` to change them. */
export function spaceCustomFieldsRoutes({ db, urls, clock, membership }: ContentHttpDeps): Router {
  const router = Router();

  // A deleted space is as absent as one that never existed.
  async function authorizedSpace(spaceId: string, userId: string, required: Role): Promise<SpaceRow> {
    const space = await findSpaceById(db, spaceId);
    if (!space || space.deleted_at) throw notFound(`Space ${spaceId} not found`);
    await authorizeContent(membership, space, userId, required, `Space ${spaceId}`);
    return space;
  }

  router.get('/v1/spaces/:spaceId/custom-fields', async (req: Request<SpaceParams>, res: Response) => {
    const space = await authorizedSpace(req.params.spaceId, req.principal.userId, 'read');
    const rows = await listSpaceCustomFieldValues(db, space.organization_id, space.id);
    res.json(rows.map((row) => presentCustomFieldValue(row, urls)));
  });

  router.patch('/v1/spaces/:spaceId/custom-fields', async (req: Request<SpaceParams>, res: Response) => {
    const { values } = parseInput(updateSpaceCustomFieldsBody, req.body ?? {});
    const space = await authorizedSpace(req.params.spaceId, req.principal.userId, 'edit');
    await updateSpaceCustomFieldValues(db, space, values, clock());
    res.status(204).end();
  });

  return router;
}
