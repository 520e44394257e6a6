import { outboxEvent, SiteEvent, SITES_TOPIC } from '@quire/contracts';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { newSealedSigningKey, openSigningKey } from '../domain/signing-key';
import type { PublishingAuthAnswer, PublishingAuthRecord } from '../model/publishing-auth';
import { ensurePublishingAuth } from '../store/publishing-auth.store';

/**
 * The site's visitor-auth row inside a transaction, created on first use: the reference's
 * SitePublishingAuth always has a `privateKey`, so the first read (or write) of a site generates
 * one, whatever its visibility, and announces it (fields: privateKey, never the key).
 */
export async function loadOrCreatePublishingAuth(
  tx: SqlExecutor,
  serviceSecret: string,
  site: { organizationId: string; id: string },
  callerId: string,
  now: Date,
): Promise<PublishingAuthRecord> {
  const { record, created } = await ensurePublishingAuth(tx, site.id, newSealedSigningKey(serviceSecret), now);
  if (created) {
    const data = { organizationId: site.organizationId, siteId: site.id, fields: ['privateKey'], keyRegenerated: false, updatedBy: callerId };
    await enqueueEvent(tx, outboxEvent(SITES_TOPIC, site.id, SiteEvent.sitePublishingAuthUpdated, data), now);
  }
  return record;
}

export function answerOf(serviceSecret: string, record: PublishingAuthRecord): PublishingAuthAnswer {
  return {
    backend: record.backend,
    privateKey: openSigningKey(serviceSecret, record.privateKeySealed),
    fallbackUrl: record.fallbackUrl,
    logoutUrl: record.logoutUrl,
  };
}
