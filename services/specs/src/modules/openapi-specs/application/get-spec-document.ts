import { notFound } from '@quire/errors';
import type { SqlExecutor } from '@quire/platform/sql';
import { findSpecVersionDocument } from '../store/spec-versions.store';
import type { OpenAPISpecVersionWithDocument } from '../model/spec-version';

/** A stored document by its version id, for a signed download (the route checks the signature: no member check). */
export async function getSpecDocument(deps: { db: SqlExecutor }, versionId: string): Promise<OpenAPISpecVersionWithDocument> {
  const document = await findSpecVersionDocument(deps.db, versionId);
  if (!document) throw notFound(`Document ${versionId} not found`);
  return document;
}
