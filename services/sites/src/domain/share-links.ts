import { notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { SiteEvent, siteEvent } from '../events/sites-events';
import {
  deleteShareLink as deleteShareLinkRow,
  insertShareLink,
  isActiveShareKey,
  updateShareLink as updateShareLinkRow,
  type ShareLink,
} from '../store/share-links.store';
import type { Site } from '../store/sites.store';

// A share key is a bearer secret in published URLs: 32 base62 characters (about 190 bits).
const SHARE_KEY_LENGTH = 32;

export async function createShareLink(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId'>,
  name: string,
  callerId: string,
  now: Date,
): Promise<ShareLink> {
  return db.transaction(async (tx) => {
    const link = await insertShareLink(tx, { id: newId(), siteId: site.id, name, shareKey: newId(SHARE_KEY_LENGTH) }, now);
    await enqueueEvent(
      tx,
      siteEvent(SiteEvent.shareLinkCreated, { organizationId: site.organizationId, siteId: site.id, shareLinkId: link.id, createdBy: callerId }),
      now,
    );
    return link;
  });
}

/** Renames and/or (de)activates a share link; an inactive key no longer opens the site. */
export async function updateShareLink(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId'>,
  shareLinkId: string,
  changes: { active?: boolean; name?: string },
  callerId: string,
  now: Date,
): Promise<ShareLink> {
  return db.transaction(async (tx) => {
    const link = await updateShareLinkRow(tx, site.id, shareLinkId, changes);
    if (!link) throw notFound(`Share link ${shareLinkId} not found`);
    await enqueueEvent(
      tx,
      siteEvent(SiteEvent.shareLinkUpdated, {
        organizationId: site.organizationId,
        siteId: site.id,
        shareLinkId,
        active: link.active,
        fields: Object.keys(changes).sort(),
        updatedBy: callerId,
      }),
      now,
    );
    return link;
  });
}

/** Deletes a share link: its key stops opening the site at once. 404 when the site has no such link. */
export async function deleteShareLink(
  db: SqlDatabase,
  site: Pick<Site, 'id' | 'organizationId'>,
  shareLinkId: string,
  callerId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteShareLinkRow(tx, site.id, shareLinkId))) throw notFound(`Share link ${shareLinkId} not found`);
    await enqueueEvent(
      tx,
      siteEvent(SiteEvent.shareLinkDeleted, { organizationId: site.organizationId, siteId: site.id, shareLinkId, deletedBy: callerId }),
      now,
    );
  });
}

/**
 * The share key to put in a site's published URLs (the `shareKey` query of the list and published
 * endpoints): only for a `share-link` site, and only an active key of that site; null otherwise,
 * so a wrong, inactive or foreign key never appears in an answer.
 */
export async function resolveShareKey(db: SqlExecutor, site: Pick<Site, 'id' | 'visibility'>, shareKey: string | undefined): Promise<string | null> {
  if (!shareKey || site.visibility !== 'share-link') return null;
  return (await isActiveShareKey(db, site.id, shareKey)) ? shareKey : null;
}
