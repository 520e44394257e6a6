import { Router, type Request, type Response } from 'express';
import { listEnvelope, parseInput, parsePageRequest } from '@quire/common';
import {
  addSectionToGroup,
  createSectionGroup,
  deleteSectionGroup,
  loadSectionGroupViews,
  moveSectionGroup,
  removeSectionFromGroup,
  updateSectionGroup,
} from '../../domain/section-groups';
import { fetchSpaces, spaceIdsOf } from '../../domain/space-embedder';
import { authorizeSite } from '../../policies/site.policy';
import { presentSiteSectionGroup } from '../../presenters/site-section-group.presenter';
import { listSectionGroups, type SiteSectionGroupRow } from '../../store/section-groups.store';
import type { SiteRow } from '../../store/sites.store';
import type { SitesHttpDeps } from '../deps';
import { addSectionToGroupBody, createSectionGroupBody, moveSectionGroupBody, updateSectionGroupBody } from './section-groups.schema';

type SiteParams = { organizationId: string; siteId: string };
type GroupParams = SiteParams & { siteSectionGroupId: string };
type GroupSectionParams = GroupParams & { siteSectionId: string };

const GROUPS = '/v1/orgs/:organizationId/sites/:siteId/section-groups';

// Any member lists a site's section groups; members with the `create` role change them.
export function sectionGroupsRoutes(deps: SitesHttpDeps): Router {
  const { db, urls, clock, clients } = deps;
  const router = Router();

  /** Groups with their sections and site spaces, every embedded space fetched in one call. */
  async function presentGroups(groups: SiteSectionGroupRow[], site: SiteRow, userId: string) {
    const views = await loadSectionGroupViews(db, groups);
    const spaceIds = views.flatMap((g) => g.sections.flatMap((s) => spaceIdsOf(s.siteSpaces)));
    const spaces = await fetchSpaces(clients.content(), spaceIds, userId, site.organization_id);
    return views.map((view) => presentSiteSectionGroup(view, spaces, { site, urls, shareKey: null }));
  }

  router.get(GROUPS, async (req: Request<SiteParams>, res: Response) => {
    const page = parsePageRequest(req.query);
    const userId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, userId, 'read');
    const { rows, total } = await listSectionGroups(db, site.id, page);
    res.json(listEnvelope(await presentGroups(rows, site, userId), total, page));
  });

  router.post(GROUPS, async (req: Request<SiteParams>, res: Response) => {
    const body = parseInput(createSectionGroupBody, req.body ?? {});
    const userId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, userId, 'manage');
    const group = await createSectionGroup(db, site, { title: body.title, icon: body.icon ?? null, sections: body.sections }, clock());
    res.status(201).json((await presentGroups([group], site, userId))[0]);
  });

  router.patch(`${GROUPS}/:siteSectionGroupId`, async (req: Request<GroupParams>, res: Response) => {
    const body = parseInput(updateSectionGroupBody, req.body ?? {});
    const userId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, userId, 'manage');
    const group = await updateSectionGroup(db, site, req.params.siteSectionGroupId, body, clock());
    res.json((await presentGroups([group], site, userId))[0]);
  });

  // 205 when deleted now (its sections back at the top level), 204 when there was no such group.
  router.delete(`${GROUPS}/:siteSectionGroupId`, async (req: Request<GroupParams>, res: Response) => {
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, req.principal.userId, 'manage');
    const deleted = await deleteSectionGroup(db, site, req.params.siteSectionGroupId, clock());
    res.status(deleted ? 205 : 204).end();
  });

  router.post(`${GROUPS}/:siteSectionGroupId/sections`, async (req: Request<GroupParams>, res: Response) => {
    const body = parseInput(addSectionToGroupBody, req.body ?? {});
    const userId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, userId, 'manage');
    const group = await addSectionToGroup(db, site, req.params.siteSectionGroupId, body.sectionId, clock());
    res.status(201).json((await presentGroups([group], site, userId))[0]);
  });

  // 205 when taken out now, 204 when the section was not in the group (reference removeSectionFromGroup).
  router.delete(`${GROUPS}/:siteSectionGroupId/sections/:siteSectionId`, async (req: Request<GroupSectionParams>, res: Response) => {
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, req.principal.userId, 'manage');
    const removed = await removeSectionFromGroup(db, site, req.params.siteSectionGroupId, req.params.siteSectionId, clock());
    res.status(removed ? 205 : 204).end();
  });

  router.post(`${GROUPS}/:siteSectionGroupId/move`, async (req: Request<GroupParams>, res: Response) => {
    const body = parseInput(moveSectionGroupBody, req.body ?? {});
    const userId = req.principal.userId;
    const site = await authorizeSite(deps, req.params.organizationId, req.params.siteId, userId, 'manage');
    const group = await moveSectionGroup(db, site, req.params.siteSectionGroupId, body.position, clock());
    res.json((await presentGroups([group], site, userId))[0]);
  });

  return router;
}
