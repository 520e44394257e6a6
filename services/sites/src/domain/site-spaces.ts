import { badRequest, conflict, notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { SiteEvent } from '../events/sites-events';
import { listAllSections } from '../store/sections.store';
import { makeDefaultSiteSpace } from '../store/site-spaces-attach.store';
import {
  deleteSiteSpace as deleteSiteSpaceRow,
  findSiteSpace,
  findSiteSpaceOfSpace,
  insertSiteSpace,
  listSiteSpacesIn,
  setSiteSpacePosition,
  updateSiteSpace as updateSiteSpaceRow,
  type SiteSpaceChanges,
  type SiteSpace,
} from '../store/site-spaces.store';
import type { Site } from '../store/sites.store';
import { ensureSiteDefaults } from './site-defaults';
import { announceStructure, keyForPosition, keysAtEnd, lockStructure, type StructurePosition, type StructureSibling } from './site-structure';
import { distinctPaths, pathFromTitle } from './sites-paths';

type SiteRef = Pick<Site, 'id' | 'organizationId'>;

/** A space to put on a site, as content answered it for the caller. */
export interface SpaceToAttach {
  id: string;
  title: string;
}

/**
 * Adds a space to a site (addSpaceToSite): in the section named, else in the site's default
 * section, else — a site without sections — at its root; at the end of that parent. The first
 * site space of a parent becomes its default.
 */
export async function addSiteSpace(db: SqlDatabase, site: SiteRef, input: { space: SpaceToAttach; sectionId?: string }, now: Date): Promise<SiteSpace> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const sectionId = await parentForNewSiteSpace(tx, site.id, input.sectionId);
    const siteSpace = await attachSpace(tx, site, input.space, sectionId, now);
    await ensureSiteDefaults(tx, site.id);
    return requireSiteSpace(tx, site.id, siteSpace.id);
  });
}

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

/** Changes a site space's path (distinct among its siblings, else 409) and condition. */
export async function updateSiteSpace(db: SqlDatabase, site: SiteRef, siteSpaceId: string, changes: SiteSpaceChanges, now: Date): Promise<SiteSpace> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const siteSpace = await requireSiteSpace(tx, site.id, siteSpaceId);
    if (changes.path !== undefined && changes.path !== siteSpace.path) {
      const siblings = await listSiteSpacesIn(tx, site.id, siteSpace.sectionId);
      if (siblings.some((s) => s.id !== siteSpace.id && s.path === changes.path)) {
        throw conflict(
          `Invalid body field "path": another site space ${siteSpace.sectionId ? 'of this section' : 'at the root of this site'} already uses the path "${changes.path}"`,
        );
      }
    }
    const updated = await updateSiteSpaceRow(tx, siteSpace.id, changes);
    if (!updated) throw notFound(`Site space ${siteSpaceId} not found`);
    await announceStructure(tx, site, SiteEvent.siteSpaceUpdated, { siteSpaceId, fields: Object.keys(changes).sort() }, now);
    return updated;
  });
}

/** Removes a site space (hidden ones too); another one of its parent takes over as default. False when there was none. */
export async function deleteSiteSpace(db: SqlDatabase, site: SiteRef, siteSpaceId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const deleted = await deleteSiteSpaceRow(tx, site.id, siteSpaceId);
    if (!deleted) return false;
    await ensureSiteDefaults(tx, site.id);
    await announceStructure(
      tx,
      site,
      SiteEvent.siteSpaceDeleted,
      { siteSpaceId, sectionId: deleted.sectionId, spaceId: deleted.spaceId, wasDefault: deleted.isDefault },
      now,
    );
    return true;
  });
}

/** Moves a site space among the site spaces of its parent (moveSiteSpace); no position: the end. */
export async function moveSiteSpace(
  db: SqlDatabase,
  site: SiteRef,
  siteSpaceId: string,
  position: StructurePosition | undefined,
  now: Date,
): Promise<SiteSpace> {
  return db.transaction(async (tx) => {
    await lockStructure(tx, site);
    const siteSpace = await requireSiteSpace(tx, site.id, siteSpaceId);
    const siblings = await listSiteSpacesIn(tx, site.id, siteSpace.sectionId);
    const key = await keyForPosition(siblings.map(asSibling), siteSpace.id, position);
    const moved = await setSiteSpacePosition(tx, siteSpace.id, key);
    if (!moved) throw notFound(`Site space ${siteSpaceId} not found`);
    await announceStructure(tx, site, SiteEvent.siteSpaceMoved, { siteSpaceId, sectionId: siteSpace.sectionId }, now);
    return moved;
  });
}

/** Makes a visible site space of `sectionId` its default (section PATCH `defaultSiteSpace`); 400 naming the field otherwise. */
export async function chooseDefaultSiteSpace(tx: SqlExecutor, siteId: string, sectionId: string, siteSpaceId: string): Promise<void> {
  const siteSpace = await findSiteSpace(tx, siteId, siteSpaceId);
  if (!siteSpace || siteSpace.hidden || siteSpace.sectionId !== sectionId) {
    throw badRequest(`Invalid body field "defaultSiteSpace": no site space ${siteSpaceId} in this section`);
  }
  if (!siteSpace.isDefault) await makeDefaultSiteSpace(tx, siteSpace);
}

/** A site space that visitors see: a hidden one (its space is deleted) answers 404 like a missing one. */
async function requireSiteSpace(tx: SqlExecutor, siteId: string, siteSpaceId: string): Promise<SiteSpace> {
  const siteSpace = await findSiteSpace(tx, siteId, siteSpaceId);
  if (!siteSpace || siteSpace.hidden) throw notFound(`Site space ${siteSpaceId} not found`);
  return siteSpace;
}

/** The section named (400 naming `sectionId` when it is not this site's), else the default section, else the root (null). */
async function parentForNewSiteSpace(tx: SqlExecutor, siteId: string, sectionId: string | undefined): Promise<string | null> {
  const sections = await listAllSections(tx, siteId);
  if (sectionId !== undefined) {
    if (!sections.some((s) => s.id === sectionId)) throw badRequest(`Invalid body field "sectionId": no section ${sectionId} in this site`);
    return sectionId;
  }
  return (sections.find((s) => s.isDefault) ?? sections[0])?.id ?? null;
}

const asSibling = (s: SiteSpace): StructureSibling => ({ kind: 'site-space', id: s.id, position: s.position, hidden: s.hidden });
