import { badRequest, conflict, notFound } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { type SiteUpdate } from '../domain/sites';
import { reloadSite } from './require-structure';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { makeDefaultSiteSpace } from '../store/site-spaces-attach.store';
import { findSiteSpace } from '../store/site-spaces.store';
import {
  basenameTaken,
  findDefaultSectionId,
  hostnameTaken,
  isUniqueViolation,
  lockSite,
  makeDefaultSection,
  siteHasSections,
  updateSiteRow,
  type SiteChanges,
} from '../store/sites.store';
import type { SiteWithCounts } from '../model/site';
import type { Role } from '@quire/access';
import { authorizeSiteAs } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';
import { renewSiteAccess, type SiteChangeDeps } from './renew-site-access';

/**
 * Applies a site PATCH in one transaction. A basename or hostname of another site is a 409; a
 * default site space must be a visible site space of this site, at its root or (when it has
 * sections) in its default section; a default section must be a section of this site (else 400).
 */
export async function updateSite(
  deps: SiteChangeDeps & SiteCallerDeps,
  callerId: string,
  ref: SiteRef,
  update: SiteUpdate,
  now: Date,
): Promise<{ site: SiteWithCounts; role: Role }> {
  const { organizationId, siteId } = ref;
  const { role } = await authorizeSiteAs(deps, organizationId, siteId, callerId, update.defaultLevel !== undefined ? 'managePermissions' : 'manage');
  try {
    const updated = await applySiteUpdate(deps.db, organizationId, siteId, update, callerId, now);
    // Another visibility is another audience: tokens issued for the old one end now.
    if (update.visibility !== undefined) await renewSiteAccess(deps, siteId);
    return { site: updated, role };
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
    await enqueueEvent(
      tx,
      outboxEvent(SITES_TOPIC, siteId, SiteEvent.siteUpdated, { organizationId, siteId, fields: Object.keys(update).sort(), updatedBy: callerId }),
      now,
    );
    return reloadSite(tx, organizationId, siteId);
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
  if (update.defaultLevel !== undefined) changes.defaultLevel = update.defaultLevel;
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
