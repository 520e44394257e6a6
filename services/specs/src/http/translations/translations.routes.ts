import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createTranslation, removeTranslation, replaceTranslation } from '../../domain/translations';
import { authorizeSpecs } from '../../policies/specs.policy';
import { presentTranslation, translationPath } from '../../presenters/translation.presenter';
import { findTranslation, listTranslations } from '../../store/translations.store';
import type { SpecsHttpDeps } from '../deps';
import { createTranslationBody, orgParams, putTranslationBody, translationListQuery, translationParams } from './translations.schema';

export function translationsRoutes(deps: SpecsHttpDeps): Router {
  const { db, clock, urls } = deps;
  const router = Router();
  const base = '/v1/orgs/:organizationId/translations';

  router.get(
    base,
    route({ params: orgParams, query: translationListQuery }, async ({ params, query, principal }, res) => {
      const role = await authorizeSpecs(deps, params.organizationId, principal.userId, 'read');
      const page = pageRequest(query);
      const { rows, total } = await listTranslations(db, params.organizationId, page);
      res.json(
        listEnvelope(
          rows.map((t) => presentTranslation(t, role, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    base,
    route({ params: orgParams, body: createTranslationBody }, async ({ params, body, principal }, res) => {
      const role = await authorizeSpecs(deps, params.organizationId, principal.userId, 'manage');
      const row = await createTranslation(db, params.organizationId, body, principal.userId, clock());
      res
        .status(201)
        .location(urls.api(translationPath(row)))
        .json(presentTranslation(row, role, urls));
    }),
  );

  router.get(
    `${base}/:translationSettingsId`,
    route({ params: translationParams }, async ({ params, principal }, res) => {
      const role = await authorizeSpecs(deps, params.organizationId, principal.userId, 'read');
      const row = await findTranslation(db, params.organizationId, params.translationSettingsId);
      if (!row) throw notFound(`Translation settings ${params.translationSettingsId} not found`);
      res.json(presentTranslation(row, role, urls));
    }),
  );

  router.put(
    `${base}/:translationSettingsId`,
    route({ params: translationParams, body: putTranslationBody }, async ({ params, body, principal }, res) => {
      const role = await authorizeSpecs(deps, params.organizationId, principal.userId, 'manage');
      const row = await replaceTranslation(db, params.organizationId, params.translationSettingsId, body, principal.userId, clock());
      res.json(presentTranslation(row, role, urls));
    }),
  );

  router.delete(
    `${base}/:translationSettingsId`,
    route({ params: translationParams }, async ({ params, principal }, res) => {
      await authorizeSpecs(deps, params.organizationId, principal.userId, 'manage');
      await removeTranslation(db, params.organizationId, params.translationSettingsId, principal.userId, clock());
      res.status(205).end();
    }),
  );

  return router;
}
