import { notFound } from '@quire/errors';
import type { content as contentProto } from '@quire/proto';
import { type Caller, type ContentDeps, type ContentUrls, presentFile } from '../../revisions';
import { type ContentPath, readContentRevision } from './read-content-revision';

/** Bytes sent in the answer itself: below gRPC's 4 MiB message bound with room for the rest. */
export const PUBLISHED_FILE_INLINE_BYTES = 3 * 1024 * 1024;

/**
 * A file of a revision by its content (blob key), read as the caller (a site reader: only the
 * spaces its token lists), for the reader's content-addressed image addresses. A blob the revision
 * does not hold is unknown here even when another space or organization stores it.
 */
export async function readPublishedFileContent(
  deps: ContentDeps & { contentUrls: ContentUrls },
  caller: Caller,
  path: ContentPath & { blob: string },
): Promise<contentProto.GetPublishedFileContentResponse> {
  const { loaded } = await readContentRevision(deps, caller, path);
  const file = path.blob ? loaded.revision.tree.files.find((f) => f.blob === path.blob) : undefined;
  if (!file) throw notFound(`No file with content ${path.blob} in this revision`);
  const answer = { name: file.name, contentType: file.contentType, size: file.size };
  if (file.size > PUBLISHED_FILE_INLINE_BYTES) {
    return { ...answer, data: Buffer.alloc(0), downloadUrl: presentFile(file, loaded.revision.id, deps.contentUrls).downloadURL };
  }
  const bytes = await deps.blobs.get(file.blob);
  if (!bytes) throw notFound(`No file with content ${path.blob} in this revision`);
  return { ...answer, size: bytes.length, data: bytes, downloadUrl: '' };
}
