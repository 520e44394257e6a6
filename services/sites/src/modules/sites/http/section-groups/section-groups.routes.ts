import { Router } from 'express';
import { listEnvelope, pageQuery, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { addSectionToGroup } from '../../application/add-section-to-group';
import { createSectionGroup } from '../../application/create-section-group';
import { deleteSectionGroup } from '../../application/delete-section-group';
import { listSectionGroups } from '../../application/list-section-groups';
import { loadSectionGroupAnswers } from '../../application/load-section-group-answers';
import { moveSectionGroup } from '../../application/move-section-group';
import { removeSectionFromGroup } from '../../application/remove-section-from-group';
import { updateSectionGroup } from '../../application/update-section-group';
import { presentSiteSectionGroup } from '../../presenters/site-section-group.presenter';
import type { SiteSectionGroup } from '../../model/site-structure';
import type { Site } from '../../model/site';
import type { SitesHttpDeps } from '../deps';
import { siteParams } from '../params.schema';
import {
  addSectionToGroupBody,
  createSectionGroupBody,
  groupSectionParams,
  moveSectionGroupBody,
  sectionGroupParams,
  updateSectionGroupBody,
} from './section-groups.schema';

const GROUPS = '/v1/orgs/:organizationId/sites/:siteId/section-groups';

// Any member lists a site's section groups; members with the `create` role change them.
export function sectionGroupsRoutes(deps: SitesHttpDeps): Router {
  const { urls, clock } = deps;
  const router = Router();

  /** Groups as the answers show them, every embedded space fetched in one call. */
  async function presentGroups(groups: SiteSectionGroup[], site: Site, userId: string) {
    const { views, spaces } = await loadSectionGroupAnswers(deps, site, groups, userId);
    return views.map((view) => presentSiteSectionGroup(view, spaces, { site, urls, shareKey: null }));
  }

  router.get(
    GROUPS,
    route({ params: siteParams, query: pageQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const userId = principal.userId;
      const { site, views, spaces, total } = await listSectionGroups(deps, userId, params, page);
      const where = { site, urls, shareKey: null };
      res.json(
        listEnvelope(
          views.map((view) => presentSiteSectionGroup(view, spaces, where)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    GROUPS,
    route({ params: siteParams, body: createSectionGroupBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { site, group } = await createSectionGroup(deps, userId, params, { title: body.title, icon: body.icon ?? null, sections: body.sections }, clock());
      res.status(201).json((await presentGroups([group], site, userId))[0]);
    }),
  );

  router.patch(
    `${GROUPS}/:siteSectionGroupId`,
    route({ params: sectionGroupParams, body: updateSectionGroupBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { site, group } = await updateSectionGroup(deps, userId, params, params.siteSectionGroupId, body, clock());
      res.json((await presentGroups([group], site, userId))[0]);
    }),
  );

  // 205 when deleted now (its sections back at the top level), 204 when there was no such group.
  router.delete(
    `${GROUPS}/:siteSectionGroupId`,
    route({ params: sectionGroupParams }, async ({ params, principal }, res) => {
      const deleted = await deleteSectionGroup(deps, principal.userId, params, params.siteSectionGroupId, clock());
      res.status(deleted ? 205 : 204).end();
    }),
  );

  router.post(
    `${GROUPS}/:siteSectionGroupId/sections`,
    route({ params: sectionGroupParams, body: addSectionToGroupBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { site, group } = await addSectionToGroup(deps, userId, params, params.siteSectionGroupId, body.sectionId, clock());
      res.status(201).json((await presentGroups([group], site, userId))[0]);
    }),
  );

  // 205 when taken out now, 204 when the section was not in the group (reference removeSectionFromGroup).
  router.delete(
    `${GROUPS}/:siteSectionGroupId/sections/:siteSectionId`,
    route({ params: groupSectionParams }, async ({ params, principal }, res) => {
      const removed = await removeSectionFromGroup(deps, principal.userId, params, params.siteSectionGroupId, params.siteSectionId, clock());
      res.status(removed ? 205 : 204).end();
    }),
  );

  router.post(
    `${GROUPS}/:siteSectionGroupId/move`,
    route({ params: sectionGroupParams, body: moveSectionGroupBody }, async ({ params, body, principal }, res) => {
      const userId = principal.userId;
      const { site, group } = await moveSectionGroup(deps, userId, params, params.siteSectionGroupId, body.position, clock());
      res.json((await presentGroups([group], site, userId))[0]);
    }),
  );

  return router;
}
