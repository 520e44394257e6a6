import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import type { UrlBuilder } from '@quire/urls';
import { createTranslation } from '../application/create-translation';
import { deleteTranslation } from '../application/delete-translation';
import type { TranslationDeps } from '../application/deps';
import { getTranslation } from '../application/get-translation';
import { listTranslations } from '../application/list-translations';
import { replaceTranslation } from '../application/replace-translation';
import { presentTranslation, translationPath } from '../presenters/translation.presenter';
import { createTranslationBody, orgParams, putTranslationBody, translationListQuery, translationParams } from './translations.schema';

// Any member reads translation settings; members with the `create` role change them (translation.policy).
export function translationsRoutes(deps: TranslationDeps & { urls: UrlBuilder }): Router {
  const { urls } = deps;
  const router = Router();
  const base = '/v1/orgs/:organizationId/translations';

  router.get(
    base,
    route({ params: orgParams, query: translationListQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total, role } = await listTranslations(deps, principal, params.organizationId, page);
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
      const { translation, role } = await createTranslation(deps, principal, params.organizationId, body);
      res
        .status(201)
        .location(urls.api(translationPath(translation)))
        .json(presentTranslation(translation, role, urls));
    }),
  );

  router.get(
    `${base}/:translationSettingsId`,
    route({ params: translationParams }, async ({ params, principal }, res) => {
      const { translation, role } = await getTranslation(deps, principal, params);
      res.json(presentTranslation(translation, role, urls));
    }),
  );

  router.put(
    `${base}/:translationSettingsId`,
    route({ params: translationParams, body: putTranslationBody }, async ({ params, body, principal }, res) => {
      const { translation, role } = await replaceTranslation(deps, principal, params, body);
      res.json(presentTranslation(translation, role, urls));
    }),
  );

  router.delete(
    `${base}/:translationSettingsId`,
    route({ params: translationParams }, async ({ params, principal }, res) => {
      await deleteTranslation(deps, principal, params);
      res.status(205).end();
    }),
  );

  return router;
}
