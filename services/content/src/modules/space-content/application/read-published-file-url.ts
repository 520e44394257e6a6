import { notFound } from '@quire/errors';
import { type Caller, type ContentDeps, type ContentUrls, presentFile } from '../../revisions';
import { type ContentPath, readContentRevision } from './read-content-revision';

/** A file of a revision as the reader serves it: its signed download URL, read as the caller (ContentPublished.GetPublishedFileUrl). */
export async function readPublishedFileUrl(
  deps: ContentDeps & { contentUrls: ContentUrls },
  caller: Caller,
  path: ContentPath & { fileId: string },
): Promise<string> {
  const { loaded } = await readContentRevision(deps, caller, path);
  const file = loaded.revision.tree.files.find((f) => f.id === path.fileId);
  if (!file) throw notFound(`File ${path.fileId} not found`);
  return presentFile(file, loaded.revision.id, deps.contentUrls).downloadURL;
}
