import type { PageRequest } from '@quire/input';
import { pagedSelect, sql, typedSql, type Paged, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, WebhooksTable } from '../../../database';
import type { Webhook } from '../model/webhook';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function webhookOf(row: Selectable<WebhooksTable>): Webhook {
  return {
    id: row.id,
    organizationId: row.organization_id,
    url: row.url,
    credentialsSealed: row.url_credentials_sealed,
    events: row.events,
    spaceIds: row.space_ids,
    siteIds: row.site_ids,
    description: row.description,
    active: row.active,
    secretSealed: row.secret_sealed,
    previousSecretSealed: row.previous_secret_sealed,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_at,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The fields a PATCH may change (undefined: unchanged; null clears a filter or the description). */
export interface WebhookChanges {
  url?: string;
  events?: string[];
  spaceIds?: string[] | null;
  siteIds?: string[] | null;
  description?: string | null;
  active?: boolean;
}

/** A PATCH as stored: a new `url` comes with its credentials, sealed (or null: none). */
export type WebhookUpdate = WebhookChanges & { credentialsSealed?: string | null };

/** The column values of the changes that are present (undefined leaves a column as it is). */
const columnsOf = (changes: WebhookUpdate) => ({
  url: changes.url,
  url_credentials_sealed: changes.credentialsSealed,
  events: changes.events,
  space_ids: changes.spaceIds,
  site_ids: changes.siteIds,
  description: changes.description,
  active: changes.active,
});

export async function insertWebhook(
  db: SqlExecutor,
  webhook: Pick<Webhook, 'id' | 'organizationId' | 'url' | 'events' | 'spaceIds' | 'siteIds' | 'description' | 'active' | 'secretSealed' | 'createdBy'> &
    Partial<Pick<Webhook, 'credentialsSealed'>>,
  now: Date,
): Promise<Webhook> {
  const row = await table(db)
    .insertInto('webhooks')
    .values({
      id: webhook.id,
      organization_id: webhook.organizationId,
      url: webhook.url,
      url_credentials_sealed: webhook.credentialsSealed ?? null,
      events: webhook.events,
      space_ids: webhook.spaceIds,
      site_ids: webhook.siteIds,
      description: webhook.description,
      active: webhook.active,
      secret_sealed: webhook.secretSealed,
      created_by: webhook.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return webhookOf(row);
}

export async function findWebhook(db: SqlExecutor, organizationId: string, id: string): Promise<Webhook | null> {
  const row = await table(db).selectFrom('webhooks').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  return row ? webhookOf(row) : null;
}

export async function listWebhookRows(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<Paged<Webhook>> {
  const { rows, total } = await pagedSelect(
    table(db).selectFrom('webhooks').selectAll().where('organization_id', '=', organizationId).orderBy('created_at').orderBy('id'),
    page,
  );
  return { rows: rows.map(webhookOf), total };
}

/** The webhooks that receive events now: active and not disabled by delivery. */
export async function receivingWebhooks(db: SqlExecutor, organizationIds: string[]): Promise<Webhook[]> {
  const rows = await table(db)
    .selectFrom('webhooks')
    .selectAll()
    .where(sql<boolean>`organization_id = ANY(${organizationIds})`)
    .where('active', '=', true)
    .where('disabled_at', 'is', null)
    .execute();
  return rows.map(webhookOf);
}

/**
 * Applies a PATCH. Turning a webhook on (`active: true`) also clears what delivery disabled it for.
 */
export async function updateWebhookRow(db: SqlExecutor, organizationId: string, id: string, changes: WebhookUpdate, now: Date): Promise<Webhook | null> {
  const enabling = changes.active === true ? { disabled_reason: null, disabled_at: null } : {};
  const row = await table(db)
    .updateTable('webhooks')
    .set({ ...columnsOf(changes), updated_at: now, ...enabling })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? webhookOf(row) : null;
}

/**
 * Serializes the creations of one organization's webhooks (the per-organization bound) until the
 * transaction ends. (Two-key form: its own space of advisory locks.)
 */
export async function lockOrganizationWebhooks(tx: SqlExecutor, organizationId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7240116, hashtext(${organizationId}))`.execute(table(tx));
}

export async function countWebhooks(db: SqlExecutor, organizationId: string): Promise<number> {
  const row = await table(db)
    .selectFrom('webhooks')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** Webhooks stored before migration 002 whose URL still holds `user:password@` (at most `batch`). */
export async function webhooksWithCredentialsInUrl(db: SqlExecutor, batch: number): Promise<Pick<Webhook, 'id' | 'url'>[]> {
  return table(db).selectFrom('webhooks').select(['id', 'url']).where('url', '~', '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@').limit(batch).execute();
}

/** Moves a URL's credentials to their sealed column, unless the URL changed meanwhile. */
export async function replaceUrlWithSealed(db: SqlExecutor, id: string, previousUrl: string, url: string, credentialsSealed: string | null): Promise<void> {
  await table(db).updateTable('webhooks').set({ url, url_credentials_sealed: credentialsSealed }).where('id', '=', id).where('url', '=', previousUrl).execute();
}

export async function deleteWebhookRow(db: SqlExecutor, organizationId: string, id: string): Promise<boolean> {
  const { numDeletedRows } = await table(db).deleteFrom('webhooks').where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  return numDeletedRows > 0n;
}

/** A new current secret; the one it replaces keeps signing until `previousExpiresAt`. */
export async function replaceSecret(
  db: SqlExecutor,
  organizationId: string,
  id: string,
  secrets: { sealed: string; previousSealed: string; previousExpiresAt: Date },
  now: Date,
): Promise<Webhook | null> {
  const row = await table(db)
    .updateTable('webhooks')
    .set({
      secret_sealed: secrets.sealed,
      previous_secret_sealed: secrets.previousSealed,
      previous_secret_expires_at: secrets.previousExpiresAt,
      updated_at: now,
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? webhookOf(row) : null;
}

/** Turns a webhook off for a reason its admins see (`disabledReason`); false when it already was. */
export async function disableWebhook(db: SqlExecutor, id: string, reason: string, now: Date): Promise<boolean> {
  const { numUpdatedRows } = await table(db)
    .updateTable('webhooks')
    .set({ active: false, disabled_reason: reason, disabled_at: now, updated_at: now })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}
