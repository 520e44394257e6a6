import { typedSql, type Selectable, type SqlExecutor } from '@quire/platform/sql';
import type { Database, SiteOidcTable } from '../../../database';
import type { OidcEndpoints, SiteOidcRecord } from '../model/site-oidc';

const table = (db: SqlExecutor) => typedSql<Database>(db);

function siteOidcOf(row: Selectable<SiteOidcTable>): SiteOidcRecord {
  return {
    siteId: row.site_id,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecretSealed: row.client_secret_sealed,
    scopes: row.scopes,
    claims: row.claims,
    authorizationEndpoint: row.authorization_endpoint,
    tokenEndpoint: row.token_endpoint,
    jwksUri: row.jwks_uri,
    updatedAt: row.updated_at,
  };
}

export async function findSiteOidc(db: SqlExecutor, siteId: string): Promise<SiteOidcRecord | null> {
  const row = await table(db).selectFrom('site_oidc').selectAll().where('site_id', '=', siteId).executeTakeFirst();
  return row ? siteOidcOf(row) : null;
}

export interface SiteOidcRow extends OidcEndpoints {
  issuer: string;
  clientId: string;
  clientSecretSealed: string;
  scopes: string[];
  claims: string[];
}

/** Creates or replaces the site's configuration (PUT). */
export async function putSiteOidcRow(db: SqlExecutor, siteId: string, value: SiteOidcRow, now: Date): Promise<SiteOidcRecord> {
  const columns = {
    issuer: value.issuer,
    client_id: value.clientId,
    client_secret_sealed: value.clientSecretSealed,
    scopes: value.scopes,
    claims: value.claims,
    authorization_endpoint: value.authorizationEndpoint,
    token_endpoint: value.tokenEndpoint,
    jwks_uri: value.jwksUri,
    updated_at: now,
  };
  const row = await table(db)
    .insertInto('site_oidc')
    .values({ site_id: siteId, ...columns })
    .onConflict((oc) => oc.column('site_id').doUpdateSet(columns))
    .returningAll()
    .executeTakeFirstOrThrow();
  return siteOidcOf(row);
}

/** Whether the site had a configuration to delete. */
export async function deleteSiteOidcRow(db: SqlExecutor, siteId: string): Promise<boolean> {
  const result = await table(db).deleteFrom('site_oidc').where('site_id', '=', siteId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
