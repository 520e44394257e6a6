import type { PageRequest } from '@quire/input';
import { assignmentsFor, insertedRow, pagedRows, queryOne, queryRows, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { Webhook } from '../model/webhook';

interface WebhookRow {
  id: string;
  organization_id: string;
  url: string;
  url_credentials_sealed: string | null;
  events: string[];
  space_ids: string[] | null;
  site_ids: string[] | null;
  description: string | null;
  active: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  disabled_reason: string | null;
  disabled_at: Date | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

function webhookOf(row: WebhookRow): Webhook {
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

const CHANGEABLE: Record<keyof WebhookUpdate, string> = {
  url: 'url',
  credentialsSealed: 'url_credentials_sealed',
  events: 'events',
  spaceIds: 'space_ids',
  siteIds: 'site_ids',
  description: 'description',
  active: 'active',
};

export async function insertWebhook(
  db: SqlExecutor,
  webhook: Pick<Webhook, 'id' | 'organizationId' | 'url' | 'events' | 'spaceIds' | 'siteIds' | 'description' | 'active' | 'secretSealed' | 'createdBy'> &
    Partial<Pick<Webhook, 'credentialsSealed'>>,
  now: Date,
): Promise<Webhook> {
  const row = await insertedRow<WebhookRow>(
    db,
    `INSERT INTO webhooks (id, organization_id, url, url_credentials_sealed, events, space_ids, site_ids, description, active, secret_sealed, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $12, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING *`,
    [
      webhook.id,
      webhook.organizationId,
      webhook.url,
      webhook.events,
      webhook.spaceIds,
      webhook.siteIds,
      webhook.description,
      webhook.active,
      webhook.secretSealed,
      webhook.createdBy,
      now,
      webhook.credentialsSealed ?? null,
    ],
  );
  return webhookOf(row);
}

export async function findWebhook(db: SqlExecutor, organizationId: string, id: string): Promise<Webhook | null> {
  const row = await queryOne<WebhookRow>(db, 'SELECT * FROM webhooks WHERE organization_id = $1 AND id = $2', [organizationId, id]);
  return row && webhookOf(row);
}

export async function listWebhooks(db: SqlExecutor, organizationId: string, page: PageRequest): Promise<Paged<Webhook>> {
  const { rows, total } = await pagedRows<WebhookRow>(
    db,
    { select: '*', from: 'FROM webhooks WHERE organization_id = $1', orderBy: 'created_at, id', params: [organizationId] },
    page,
  );
  return { rows: rows.map(webhookOf), total };
}

/** The webhooks that receive events now: active and not disabled by delivery. */
export async function receivingWebhooks(db: SqlExecutor, organizationIds: string[]): Promise<Webhook[]> {
  const rows = await queryRows<WebhookRow>(db, 'SELECT * FROM webhooks WHERE organization_id = ANY($1) AND active AND disabled_at IS NULL', [organizationIds]);
  return rows.map(webhookOf);
}

/**
 * Applies a PATCH. Turning a webhook on (`active: true`) also clears what delivery disabled it for.
 */
export async function updateWebhook(db: SqlExecutor, organizationId: string, id: string, changes: WebhookUpdate, now: Date): Promise<Webhook | null> {
  const params: unknown[] = [organizationId, id, now];
  const sets = [...assignmentsFor(changes, CHANGEABLE, params), 'updated_at = $3'];
  if (changes.active === true) sets.push('disabled_reason = NULL', 'disabled_at = NULL');
  const row = await queryOne<WebhookRow>(db, `UPDATE webhooks SET ${sets.join(', ')} WHERE organization_id = $1 AND id = $2 RETURNING *`, params);
  return row && webhookOf(row);
}

/**
 * Serializes the creations of one organization's webhooks (the per-organization bound) until the
 * transaction ends. (Two-key form: its own space of advisory locks.)
 */
export async function lockOrganizationWebhooks(tx: SqlExecutor, organizationId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(7240116, hashtext($1))', [organizationId]);
}

export async function countWebhooks(db: SqlExecutor, organizationId: string): Promise<number> {
  const row = await queryOne<{ n: number }>(db, 'SELECT count(*)::int AS n FROM webhooks WHERE organization_id = $1', [organizationId]);
  return row?.n ?? 0;
}

/** Webhooks stored before migration 002 whose URL still holds `user:password@` (at most `batch`). */
export async function webhooksWithCredentialsInUrl(db: SqlExecutor, batch: number): Promise<Pick<Webhook, 'id' | 'url'>[]> {
  return queryRows<Pick<Webhook, 'id' | 'url'>>(db, "SELECT id, url FROM webhooks WHERE url ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@' LIMIT $1", [batch]);
}

/** Moves a URL's credentials to their sealed column, unless the URL changed meanwhile. */
export async function replaceUrlWithSealed(db: SqlExecutor, id: string, previousUrl: string, url: string, credentialsSealed: string | null): Promise<void> {
  await db.query('UPDATE webhooks SET url = $3, url_credentials_sealed = $4 WHERE id = $1 AND url = $2', [id, previousUrl, url, credentialsSealed]);
}

export async function deleteWebhook(db: SqlExecutor, organizationId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM webhooks WHERE organization_id = $1 AND id = $2', [organizationId, id]);
  return rowCount > 0;
}

/** A new current secret; the one it replaces keeps signing until `previousExpiresAt`. */
export async function replaceSecret(
  db: SqlExecutor,
  organizationId: string,
  id: string,
  secrets: { sealed: string; previousSealed: string; previousExpiresAt: Date },
  now: Date,
): Promise<Webhook | null> {
  const row = await queryOne<WebhookRow>(
    db,
    `UPDATE webhooks SET secret_sealed = $3, previous_secret_sealed = $4, previous_secret_expires_at = $5, updated_at = $6
     WHERE organization_id = $1 AND id = $2 RETURNING *`,
    [organizationId, id, secrets.sealed, secrets.previousSealed, secrets.previousExpiresAt, now],
  );
  return row && webhookOf(row);
}

/** Turns a webhook off for a reason its admins see (`disabledReason`); false when it already was. */
export async function disableWebhook(db: SqlExecutor, id: string, reason: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE webhooks SET active = false, disabled_reason = $2, disabled_at = $3, updated_at = $3 WHERE id = $1 AND disabled_at IS NULL',
    [id, reason, now],
  );
  return rowCount > 0;
}
