import { type ContentDeps, findFileDownload, type StoredFile } from '../../revisions';

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
