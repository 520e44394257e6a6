import { badRequest, notFound } from '@quire/errors';
import { newId } from '@quire/ids';
import { blobKey, type BlobStore } from '@quire/platform/blobs';
import type { Logger } from '@quire/platform/logger';
import { OutboundError } from '@quire/platform/outbound';
import type { SqlDatabase } from '@quire/platform/sql';
import { fileNameProblem, ImportRefused, type ImportedContent } from '@quire/formats';
import type { ImportDeps, ImportSource, Importer } from '../../imports';
import { touchBlobRows } from '../store/revision-content.store';
import { applyImport, type Placement } from '../domain/apply-import';
import { commitEdit } from './commit-edit';
import type { ContentHead } from './content-heads';

export interface ImportContentResult {
  revision: string;
  importedResources: number;
  totalResources: number;
}

export interface ImportRequest {
  /** Main or a change request (content-heads.ts). */
  head: ContentHead;
  organizationId: string;
  userId: string;
  url: string;
  source: ImportSource;
  placement: Placement;
}

export interface ContentImportDeps {
  db: SqlDatabase;
  blobs: BlobStore;
  importers: Record<ImportSource, Importer>;
  importDeps: ImportDeps;
  log: Logger;
  clock: () => Date;
}

/**
 * Runs an import into one new revision of type `edits` that becomes the head's revision (main's
 * current revision, or a change request's). Fetching and converting happen first, outside any
 * transaction; then, with the head locked, the revision is built on whatever revision the head
 * points at that moment (so two imports never overwrite each other), stored with its bodies and
 * announced in one transaction. A failure at
 * any step leaves the previous revision current. Blobs are written before the transaction
 * (content-addressed, so a retry writes nothing twice; one orphaned by a failure is collected).
 */
export async function importContent(deps: ContentImportDeps, request: ImportRequest): Promise<ImportContentResult> {
  const { head } = request;
  const started = Date.now();
  const imported = await runImporter(deps, request);
  deps.log.info(
    {
      spaceId: head.spaceId,
      changeRequestId: head.changeRequestId,
      source: request.source,
      pages: countPages(imported.pages),
      files: imported.files.length,
      ms: Date.now() - started,
    },
    'import converted; writing the revision',
  );
  await storeBlobs(
    deps.db,
    deps.blobs,
    imported.files.map((f) => f.bytes),
  );

  const { revisionId, draft } = await commitEdit(deps.db, deps.clock, request, (parent) => {
    if (request.placement.kind === 'replace-page') {
      const pageId = request.placement.pageId;
      const page = parent.pages.find((p) => p.id === pageId);
      if (!page) throw notFound(`Page ${pageId} not found`);
      if (page.kind !== 'document') throw badRequest(`Page ${pageId} is a ${page.kind}: only a document page takes imported content`);
    }
    return applyImport(parent, imported, request.placement, { newId: () => newId(), now: deps.clock() });
  });
  deps.log.info({ spaceId: head.spaceId, revisionId, changedPages: draft.changedPageIds.length, ms: Date.now() - started }, 'import written');
  return { revision: revisionId, importedResources: draft.importedResources, totalResources: imported.totalResources };
}

/**
 * Writes the bytes of files a revision is about to use, before its transaction: marked as touched
 * first (the sweeper keeps a blob touched in the last 10 minutes), then stored; content-addressed,
 * so a retry writes nothing twice, and one orphaned by a failure is collected. Batch edits too.
 */
export async function storeBlobs(db: SqlDatabase, blobs: BlobStore, files: readonly Buffer[]): Promise<void> {
  await touchBlobRows(db, files.map(blobKey));
  for (const bytes of files) await blobs.put(bytes);
}

async function runImporter(deps: ContentImportDeps, request: ImportRequest): Promise<ImportedContent> {
  try {
    const imported = await deps.importers[request.source](request.url, deps.importDeps);
    if (!imported.pages.length && !imported.files.length) throw new ImportRefused(`Nothing to import was found at ${request.url}`);
    refuseUnkeepableNames(imported.files);
    return imported;
  } catch (err) {
    if (err instanceof ImportRefused) throw badRequest(`Import refused: ${err.message}`);
    if (err instanceof OutboundError) throw badRequest(`Import failed: ${err.message}`);
    throw err;
  }
}

function countPages(pages: ImportedContent['pages']): number {
  return pages.reduce((n, p) => n + 1 + countPages(p.pages), 0);
}

/** Every importer's files pass formats' one rule for file names (a bad one could never be exported). */
function refuseUnkeepableNames(files: ImportedContent['files']): void {
  for (const file of files) {
    const problem = fileNameProblem(file.name);
    if (problem) throw new ImportRefused(`the file ${JSON.stringify(file.source.slice(0, 300))} has the name ${JSON.stringify(file.name)}, which ${problem}`);
  }
}
