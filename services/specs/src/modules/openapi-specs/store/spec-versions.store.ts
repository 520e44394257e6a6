import type { PageRequest } from '@quire/input';
import { insertedRow, pagedRows, queryOne, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { OpenAPISpecVersion, OpenAPISpecVersionWithDocument } from '../model/spec-version';

interface SpecVersionRow {
  id: string;
  spec_id: string;
  sha256: string;
  source_url: string | null;
  file_name: string;
  media_type: string;
  created_at: Date;
}

function specVersionOf(row: SpecVersionRow): OpenAPISpecVersion {
  return {
    id: row.id,
    specId: row.spec_id,
    sha256: row.sha256,
    sourceUrl: row.source_url,
    fileName: row.file_name,
    mediaType: row.media_type,
    createdAt: row.created_at,
  };
}

const COLUMNS = 'id, spec_id, sha256, source_url, file_name, media_type, created_at';

export async function insertSpecVersion(
  db: SqlExecutor,
  version: { id: string; specId: string; sha256: string; sourceUrl: string | null; fileName: string; mediaType: string; document: string },
  now: Date,
): Promise<OpenAPISpecVersion> {
  const row = await insertedRow<SpecVersionRow>(
    db,
    `INSERT INTO openapi_spec_versions (id, spec_id, sha256, source_url, file_name, media_type, document, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [version.id, version.specId, version.sha256, version.sourceUrl, version.fileName, version.mediaType, version.document, now],
  );
  return specVersionOf(row);
}

export async function findSpecVersion(db: SqlExecutor, specId: string, versionId: string): Promise<OpenAPISpecVersion | null> {
  const row = await queryOne<SpecVersionRow>(db, `SELECT ${COLUMNS} FROM openapi_spec_versions WHERE spec_id = $1 AND id = $2`, [specId, versionId]);
  return row && specVersionOf(row);
}

export async function findSpecVersionDocument(db: SqlExecutor, versionId: string): Promise<OpenAPISpecVersionWithDocument | null> {
  const row = await queryOne<SpecVersionRow & { document: string }>(db, `SELECT ${COLUMNS}, document FROM openapi_spec_versions WHERE id = $1`, [versionId]);
  return row && { ...specVersionOf(row), document: row.document };
}

export async function listSpecVersions(db: SqlExecutor, specId: string, page: PageRequest): Promise<Paged<OpenAPISpecVersion>> {
  const { rows, total } = await pagedRows<SpecVersionRow>(
    db,
    { select: COLUMNS, from: 'FROM openapi_spec_versions WHERE spec_id = $1', orderBy: 'created_at DESC, id DESC', params: [specId] },
    page,
  );
  return { rows: rows.map(specVersionOf), total };
}
