import { notFound } from '@quire/errors';
import type { BlobStore } from '@quire/platform/blobs';
import type { Cache } from '@quire/platform/cache';
import type { SqlDatabase } from '@quire/platform/sql';
import { loadRevision, type ContentConversions } from '../../revisions';
import { findSpaceById } from '../../spaces';
import { embeddedImages } from './pdf-images';
import { revisionPdfSource } from './revision-pdf';

export interface PdfExportDeps {
  db: SqlDatabase;
  cache: Cache;
  blobs: BlobStore;
  conversions: ContentConversions;
}

/**
 * The PDF a verified link names (request-pdf-link.ts): `scope` is `all`, `page-<id>` (with its
 * subpages) or `only-<id>`. Rendered when the link is fetched (any replica can: nothing is kept
 * on one process), in a conversion thread.
 */
export async function renderPdfExport(
  deps: PdfExportDeps,
  input: { spaceId: string; revisionId: string; scope: string },
): Promise<{ title: string; pdf: Buffer }> {
  const space = await findSpaceById(deps.db, input.spaceId);
  if (!space) throw notFound(`Space ${input.spaceId} not found`);
  const loaded = await loadRevision(deps.db, deps.cache, space.id, input.revisionId);
  const only = input.scope === 'all' ? undefined : { pageId: input.scope.slice(5), subpages: input.scope.startsWith('page-') };
  const source = await revisionPdfSource({ db: deps.db, blobs: deps.blobs }, loaded, space.title || 'Untitled', only);
  const images = await embeddedImages(deps.blobs, loaded, source.pages);
  const pdf = await deps.conversions.pdf({ title: source.title, pages: source.pages, tree: loaded.revision.tree, images });
  return { title: space.title, pdf };
}
