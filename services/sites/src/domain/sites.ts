import { badRequest, conflict, notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { SiteEvent, siteEvent } from '../events/sites-events';
import { makeDefaultSiteSpace } from '../store/site-spaces-attach.store';
import { findSiteSpace } from '../store/site-spaces.store';
import {
  basenameTaken,
  deleteSite as deleteSiteRow,
  findDefaultSectionId,
  findSiteWithCounts,
  hostnameTaken,
  insertSite,
  isUniqueViolation,
  lockSite,
  makeDefaultSection,
  siteHasSections,
  updateSite as updateSiteRow,
  type SiteChanges,
  type SiteWithCounts,
} from '../store/sites.store';
import { ensureSiteDefaults } from './site-defaults';
import { attachSpace, type SpaceToAttach } from './site-spaces';
import { fetchSpaces, type SpaceSource } from './space-embedder';

// Reference enums SiteType, SiteVisibility and SiteAgentsContext.
export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export const AGENTS_CONTEXTS = ['excluded', 'included'] as const;

/** The title of a site created without one (spec: title 2..128, optional on create). */
export const DEFAULT_SITE_TITLE = 'Untitled site';

/**
 * The spaces a new site attaches, in request order (repeats dropped), checked with ONE GetSpaces
 * call: each must exist, not be deleted, belong to the organization and be readable by the caller;
 * otherwise a 400 naming `spaces`.
 */
export async function resolveSpacesForSite(
  content: SpaceSource,
  organizationId: string,
  spaceIds: readonly string[],
  userId: string,
): Promise<SpaceToAttach[]> {
  const wanted = [...new Set(spaceIds)];
  const catalog = await fetchSpaces(content, wanted, userId, organizationId);
  const missing = wanted.filter((id) => catalog.get(id)?.organization !== organizationId);
  if (missing.length > 0) {
    const named = missing.length > 5 ? `${missing.slice(0, 5).join(', ')} and ${missing.length - 5} more` : missing.join(', ');
    throw badRequest(`Invalid body field "spaces": no space ${named} in this organization that you can access`);
  }
  return wanted.map((id) => ({ id, title: catalog.get(id)?.title ?? '' }));
}

/** Creates a site with the given spaces at its root, in order, the first one as the default. */
export async function createSite(
  db: SqlDatabase,
  input: { organizationId: string; type: string; title: string; visibility: string; spaces: readonly SpaceToAttach[] },
  callerId: string,
  now: Date,
): Promise<SiteWithCounts> {
  return db.transaction(async (tx) => {
    const site = await insertSite(
      tx,
      { id: newId(), organizationId: input.organizationId, type: input.type, title: input.title, visibility: input.visibility },
      now,
    );
    // Announced first: the site spaces' own events follow it.
    await enqueueEvent(
      tx,
      siteEvent(SiteEvent.siteCreated, {
        organizationId: input.organizationId,
        siteId: site.id,
        title: site.title,
        type: site.type,
        visibility: site.visibility,
        spaces: input.spaces.map((s) => s.id),
        createdBy: callerId,
      }),
      now,
    );
    for (const space of input.spaces) await attachSpace(tx, site, space, null, now);
    // The first one becomes the root's default.
    await ensureSiteDefaults(tx, site.id);
    return reload(tx, input.organizationId, site.id);
  });
}

/** A site PATCH (updateSiteById), already validated in shape. */
export interface SiteUpdate {
  title?: string;
  visibility?: string;
  basename?: string;
  hostname?: string | null;
  proxy?: string | null;
  adaptiveContent?: { enabled: boolean };
  agentsContext?: string;
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
}

/**
 * Applies a site PATCH in one transaction. A basename or hostname of another site is a 409; a
 * default site space must be a visible site space of this site, at its root or (when it has
 * sections) in its default section; a default section must be a section of this site (else 400).
 */
export async function updateSite(
  db: SqlDatabase,
  organizationId: string,
  siteId: string,
  update: SiteUpdate,
  callerId: string,
  now: Date,
): Promise<SiteWithCounts> {
  try {
    return await applySiteUpdate(db, organizationId, siteId, update, callerId, now);
  } catch (err) {
    // Two sites taking the same basename or hostname at once: the unique index decides.
    if (isUniqueViolation(err)) throw conflict('Another site already uses this basename or hostname');
    throw err;
  }
}

async function applySiteUpdate(
  db: SqlDatabase,
  organizationId: string,
  siteId: string,
  update: SiteUpdate,
  callerId: string,
  now: Date,
): Promise<SiteWithCounts> {
  return db.transaction(async (tx) => {
    const site = await lockSite(tx, organizationId, siteId);
    if (!site) throw notFound(`Site ${siteId} not found`);
    if (update.basename !== undefined && (await basenameTaken(tx, organizationId, update.basename, siteId))) {
      throw conflict(`Another site of this organization already uses the basename "${update.basename}"`);
    }
    if (update.hostname && (await hostnameTaken(tx, update.hostname, siteId))) throw conflict(`Another site already uses the hostname "${update.hostname}"`);
    // The default section first: a default site space must then be in the (new) default section.
    if (update.defaultSiteSection !== undefined && !(await makeDefaultSection(tx, siteId, update.defaultSiteSection))) {
      throw badRequest(`Invalid body field "defaultSiteSection": no section ${update.defaultSiteSection} in this site`);
    }
    if (update.defaultSiteSpace !== undefined) await setDefaultSiteSpace(tx, siteId, update.defaultSiteSpace);
    await updateSiteRow(tx, organizationId, siteId, siteChanges(update), now);
    await enqueueEvent(tx, siteEvent(SiteEvent.siteUpdated, { organizationId, siteId, fields: Object.keys(update).sort(), updatedBy: callerId }), now);
    return reload(tx, organizationId, siteId);
  });
}

function siteChanges(update: SiteUpdate): SiteChanges {
  const changes: SiteChanges = {};
  if (update.title !== undefined) changes.title = update.title;
  if (update.visibility !== undefined) changes.visibility = update.visibility;
  if (update.basename !== undefined) changes.basename = update.basename;
  if (update.hostname !== undefined) changes.hostname = update.hostname;
  if (update.proxy !== undefined) changes.proxyUrl = update.proxy;
  if (update.adaptiveContent !== undefined) changes.adaptiveContentEnabled = update.adaptiveContent.enabled;
  if (update.agentsContext !== undefined) changes.agentsContext = update.agentsContext;
  return changes;
}

async function setDefaultSiteSpace(tx: SqlExecutor, siteId: string, siteSpaceId: string): Promise<void> {
  const invalid = (why: string) => badRequest(`Invalid body field "defaultSiteSpace": ${why}`);
  const placement = await findSiteSpace(tx, siteId, siteSpaceId);
  if (!placement || placement.hidden) throw invalid(`no site space ${siteSpaceId} in this site`);
  if (await siteHasSections(tx, siteId)) {
    const defaultSection = await findDefaultSectionId(tx, siteId);
    if (placement.sectionId === null || placement.sectionId !== defaultSection) throw invalid(`site space ${siteSpaceId} is not in the site's default section`);
  } else if (placement.sectionId !== null) {
    throw invalid(`site space ${siteSpaceId} is not at the site's root`);
  }
  await makeDefaultSiteSpace(tx, placement);
}

/** Publishes or unpublishes a site; the event is written only when the state changes. */
export async function setSitePublished(
  db: SqlDatabase,
  organizationId: string,
  siteId: string,
  published: boolean,
  callerId: string,
  now: Date,
): Promise<{ site: SiteWithCounts; changed: boolean }> {
  return db.transaction(async (tx) => {
    const site = await lockSite(tx, organizationId, siteId);
    if (!site) throw notFound(`Site ${siteId} not found`);
    const changed = site.published !== published;
    if (changed) {
      await updateSiteRow(tx, organizationId, siteId, { published }, now);
      await enqueueEvent(tx, siteEvent(published ? SiteEvent.sitePublished : SiteEvent.siteUnpublished, { organizationId, siteId, by: callerId }), now);
    }
    return { site: await reload(tx, organizationId, siteId), changed };
  });
}

/** Deletes a site with its structure and share links; false when it was already gone. */
export async function deleteSite(db: SqlDatabase, organizationId: string, siteId: string, callerId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await deleteSiteRow(tx, organizationId, siteId))) return false;
    await enqueueEvent(tx, siteEvent(SiteEvent.siteDeleted, { organizationId, siteId, deletedBy: callerId }), now);
    return true;
  });
}

async function reload(tx: SqlExecutor, organizationId: string, siteId: string): Promise<SiteWithCounts> {
  const site = await findSiteWithCounts(tx, organizationId, siteId);
  if (!site) throw notFound(`Site ${siteId} not found`);
  return site;
}
