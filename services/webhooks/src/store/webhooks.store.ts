import { assignmentsFor, insertedRow, pagedRows, queryOne, queryRows, type Paged, type PageRequest, type SqlExecutor } from '@quire/common';

/** A webhook subscription of an organization. */
export interface Webhook {
  id: string;
  organizationId: string;
  url: string;
  events: string[];
  spaceIds: string[] | null;
  siteIds: string[] | null;
  description: string | null;
  active: boolean;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
  disabledReason: string | null;
  disabledAt: Date | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

interface WebhookRow {
  id: string;
  organization_id: string;
  url: string;
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

const CHANGEABLE: Record<keyof WebhookChanges, string> = {
  url: 'url',
  events: 'events',
  spaceIds: 'space_ids',
  siteIds: 'site_ids',
  description: 'description',
  active: 'active',
};

export async function insertWebhook(
  db: SqlExecutor,
  webhook: Pick<Webhook, 'id' | 'organizationId' | 'url' | 'events' | 'spaceIds' | 'siteIds' | 'description' | 'active' | 'secretSealed' | 'createdBy'>,
  now: Date,
): Promise<Webhook> {
  const row = await insertedRow<WebhookRow>(
    db,
    `INSERT INTO webhooks (id, organization_id, url, events, space_ids, site_ids, description, active, secret_sealed, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING *`,
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
export async function updateWebhook(db: SqlExecutor, organizationId: string, id: string, changes: WebhookChanges, now: Date): Promise<Webhook | null> {
  const params: unknown[] = [organizationId, id, now];
  const sets = [...assignmentsFor(changes, CHANGEABLE, params), 'updated_at = $3'];
  if (changes.active === true) sets.push('disabled_reason = NULL', 'disabled_at = NULL');
  const row = await queryOne<WebhookRow>(db, `UPDATE webhooks SET ${sets.join(', ')} WHERE organization_id = $1 AND id = $2 RETURNING *`, params);
  return row && webhookOf(row);
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
