import type { PageRequest } from '@quire/input';
import { pagedSelect, typedSql, type Paged, type SqlExecutor } from '@quire/platform/sql';
import type { Database } from '../../../database';
import type { OpenAPISpecVersion, OpenAPISpecVersionWithDocument } from '../model/spec-version';

const table = (db: SqlExecutor) => typedSql<Database>(db);

// Every column but the document, which only findSpecVersionDocument reads.
const COLUMNS = ['id', 'spec_id', 'sha256', 'source_url', 'file_name', 'media_type', 'created_at'] as const;

const versionsQuery = (db: SqlExecutor) => table(db).selectFrom('openapi_spec_versions').select(COLUMNS);

type VersionRow = Awaited<ReturnType<ReturnType<typeof versionsQuery>['executeTakeFirstOrThrow']>>;

function specVersionOf(row: VersionRow): OpenAPISpecVersion {
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

export async function insertSpecVersion(
  db: SqlExecutor,
  version: { id: string; specId: string; sha256: string; sourceUrl: string | null; fileName: string; mediaType: string; document: string },
  now: Date,
): Promise<OpenAPISpecVersion> {
  const row = await table(db)
    .insertInto('openapi_spec_versions')
    .values({
      id: version.id,
      spec_id: version.specId,
      sha256: version.sha256,
      source_url: version.sourceUrl,
      file_name: version.fileName,
      media_type: version.mediaType,
      document: version.document,
      created_at: now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return specVersionOf(row);
}

export async function findSpecVersion(db: SqlExecutor, specId: string, versionId: string): Promise<OpenAPISpecVersion | null> {
  const row = await versionsQuery(db).where('spec_id', '=', specId).where('id', '=', versionId).executeTakeFirst();
  return row ? specVersionOf(row) : null;
}

export async function findSpecVersionDocument(db: SqlExecutor, versionId: string): Promise<OpenAPISpecVersionWithDocument | null> {
  const row = await versionsQuery(db).select('document').where('id', '=', versionId).executeTakeFirst();
  return row ? { ...specVersionOf(row), document: row.document } : null;
}

export async function listSpecVersionRows(db: SqlExecutor, specId: string, page: PageRequest): Promise<Paged<OpenAPISpecVersion>> {
  const query = versionsQuery(db).where('spec_id', '=', specId).orderBy('created_at', 'desc').orderBy('id', 'desc');
  const { rows, total } = await pagedSelect(query, page);
  return { rows: rows.map(specVersionOf), total };
}
