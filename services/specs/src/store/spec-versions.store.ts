import { insertedRow, pagedRows, queryOne, type Paged, type PageRequest, type SqlExecutor } from '@quire/common';

export interface SpecVersionRow {
  id: string;
  spec_id: string;
  sha256: string;
  source_url: string | null;
  file_name: string;
  media_type: string;
  created_at: Date;
}

export interface SpecVersionWithDocument extends SpecVersionRow {
  document: string;
}

const COLUMNS = 'id, spec_id, sha256, source_url, file_name, media_type, created_at';

export function insertSpecVersion(
  db: SqlExecutor,
  version: { id: string; specId: string; sha256: string; sourceUrl: string | null; fileName: string; mediaType: string; document: string },
  now: Date,
): Promise<SpecVersionRow> {
  return insertedRow<SpecVersionRow>(
    db,
    `INSERT INTO openapi_spec_versions (id, spec_id, sha256, source_url, file_name, media_type, document, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [version.id, version.specId, version.sha256, version.sourceUrl, version.fileName, version.mediaType, version.document, now],
  );
}

export function findSpecVersion(db: SqlExecutor, specId: string, versionId: string): Promise<SpecVersionRow | null> {
  return queryOne<SpecVersionRow>(db, `SELECT ${COLUMNS} FROM openapi_spec_versions WHERE spec_id = $1 AND id = $2`, [specId, versionId]);
}

export function findSpecVersionDocument(db: SqlExecutor, versionId: string): Promise<SpecVersionWithDocument | null> {
  return queryOne<SpecVersionWithDocument>(db, `SELECT ${COLUMNS}, document FROM openapi_spec_versions WHERE id = $1`, [versionId]);
}

export function listSpecVersions(db: SqlExecutor, specId: string, page: PageRequest): Promise<Paged<SpecVersionRow>> {
  return pagedRows<SpecVersionRow>(
    db,
    { select: COLUMNS, from: 'FROM openapi_spec_versions WHERE spec_id = $1', orderBy: 'created_at DESC, id DESC', params: [specId] },
    page,
  );
}
