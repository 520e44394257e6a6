import { newId } from '@quire/ids';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { ensureSiteDefaults } from './ensure-site-defaults';
import { type SpaceToAttach } from '../domain/site-spaces';
import { attachSpace } from './attach-space';
import { reloadSite } from './require-structure';
import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { insertSite } from '../store/sites.store';
import type { SiteWithCounts } from '../model/site';

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
      outboxEvent(SITES_TOPIC, site.id, SiteEvent.siteCreated, {
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
    return reloadSite(tx, input.organizationId, site.id);
  });
}
