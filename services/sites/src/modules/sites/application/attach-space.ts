import { badRequest, conflict } from '@quire/errors';
import { newId } from '@quire/ids';
import type { SqlExecutor } from '@quire/platform/sql';
import { SiteEvent } from '@quire/contracts';
import type { SpaceToAttach } from '../domain/site-spaces';
import { keysAtEnd } from '../domain/site-structure';
import { distinctPaths, pathFromTitle } from '../domain/sites-paths';
import type { Site } from '../model/site';
import type { SiteSpace } from '../model/site-structure';
import { makeDefaultSiteSpace } from '../store/site-spaces-attach.store';
import { findSiteSpace, findSiteSpaceOfSpace, insertSiteSpace, listSiteSpacesIn } from '../store/site-spaces.store';
import { announceStructure } from './structure-changes';

type SiteRef = Pick<Site, 'id' | 'organizationId'>;

/**
 * Appends a site space of `space` to a parent (a section, or the root when null), with a path made
 * from the space's title, distinct among its siblings. A space is on a site at most once (409).
 * Call under lockStructure, then ensureSiteDefaults.
 */
export async function attachSpace(tx: SqlExecutor, site: SiteRef, space: SpaceToAttach, sectionId: string | null, now: Date): Promise<SiteSpace> {
  if (await findSiteSpaceOfSpace(tx, site.id, space.id)) throw conflict(`Invalid body field "spaceId": space ${space.id} is already on this site`);
  const siblings = await listSiteSpacesIn(tx, site.id, sectionId);
  const [path] = distinctPaths(
    [pathFromTitle(space.title, 'space')],
    siblings.map((s) => s.path),
  );
  const [position] = keysAtEnd(siblings, 1);
  const siteSpace = await insertSiteSpace(
    tx,
    { id: newId(), siteId: site.id, sectionId, spaceId: space.id, path: path as string, position: position as string },
    now,
  );
  await announceStructure(tx, site, SiteEvent.siteSpaceCreated, { siteSpaceId: siteSpace.id, sectionId, spaceId: space.id, path: siteSpace.path }, now);
  return siteSpace;
}

/** Makes a visible site space of `sectionId` its default (section PATCH `defaultSiteSpace`); 400 naming the field otherwise. */
export async function chooseDefaultSiteSpace(tx: SqlExecutor, siteId: string, sectionId: string, siteSpaceId: string): Promise<void> {
  const siteSpace = await findSiteSpace(tx, siteId, siteSpaceId);
  if (!siteSpace || siteSpace.hidden || siteSpace.sectionId !== sectionId) {
    throw badRequest(`Invalid body field "defaultSiteSpace": no site space ${siteSpaceId} in this section`);
  }
  if (!siteSpace.isDefault) await makeDefaultSiteSpace(tx, siteSpace);
}
