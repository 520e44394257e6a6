import type { StoredFile } from '../model/revision-tree';
import { findFileDownload } from '../store/revision-content.store';
import type { ContentDeps } from './content-deps';

/** A file of a revision and its bytes, for a signed download link (checked by the caller); null when either is gone. */
export async function readFileDownload(
  deps: Pick<ContentDeps, 'db' | 'blobs'>,
  revisionId: string,
  fileId: string,
): Promise<{ file: StoredFile; bytes: Buffer } | null> {
  const file = await findFileDownload(deps.db, revisionId, fileId);
  const bytes = file ? await deps.blobs.get(file.blob) : null;
  return file && bytes ? { file, bytes } : null;
}
