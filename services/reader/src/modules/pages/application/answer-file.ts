import { ApiError } from '@quire/errors';
import type { sites } from '@quire/proto';
import { blobAddress } from '../domain/request-kind';
import type { VisitOutcome } from '../domain/reader-answer';
import type { ReaderDeps } from './deps';
import { readSpacePages } from '../../site-reads';

/**
 * A file by id or name (`<site space>/~files/{fileId}`, or `<site space>/.gitbook/assets/{name}` as
 * its `.md` names it): a 302 to its content-addressed address (answerBlob), or, for a file listed
 * without its blob, to content's signed, expiring download. The file is read with the site's
 * apiToken, so only files of spaces the site publishes are reachable.
 */
export async function answerFile(deps: ReaderDeps, content: sites.PublishedSiteContent, file: { id: string } | { name: string }): Promise<VisitOutcome> {
  // The revision's files are a kept read (the page list's).
  const files = (await readSpacePages(deps, content, content.space, content.revision)).files;
  const listed = files.find((f) => ('id' in file ? f.id === file.id : f.name === file.name));
  if (!listed) return { kind: 'no-site', path: `${content.basePath}${'id' in file ? `~files/${file.id}` : `.gitbook/assets/${file.name}`}` };
  if (listed.blob) return { kind: 'redirect', status: 302, location: blobAddress(content.basePath, listed.blob, listed.name), cookies: [] };
  const { downloadUrl } = await deps
    .contentPublished()
    .getPublishedFileUrl({ apiToken: content.apiToken, spaceId: content.space, revisionId: content.revision, fileId: listed.id })
    .catch((err: unknown) => {
      // No such file in this revision.
      if (err instanceof ApiError && err.code === 404) return { downloadUrl: '' };
      throw err;
    });
  if (!downloadUrl) return { kind: 'no-site', path: `${content.basePath}~files/${listed.id}` };
  return { kind: 'redirect', status: 302, location: downloadUrl, cookies: [] };
}

/**
 * A file by its content (`<site space>/~files/{sha256}/{name}`): its bytes, when the site space's
 * current revision holds a file with that blob (content checks it, with the site's apiToken, after
 * sites checked the visitor); a blob of another site or organization is the 404 page. The bytes
 * never change at this address, so the answer is kept for good (send, published.routes.ts).
 */
export async function answerBlob(deps: ReaderDeps, content: sites.PublishedSiteContent, blob: string): Promise<VisitOutcome> {
  const restricted = content.visibility === 'share-link' || content.visibility === 'visitor-auth';
  const found = await deps
    .contentPublished()
    .getPublishedFileContent({ apiToken: content.apiToken, spaceId: content.space, revisionId: content.revision, blob })
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.code === 404) return undefined;
      throw err;
    });
  if (!found) return { kind: 'no-site', path: `${content.basePath}~files/${blob}` };
  // Too large for one gRPC answer: content's signed download, as before.
  if (found.downloadUrl) return { kind: 'redirect', status: 302, location: found.downloadUrl, cookies: [] };
  return { kind: 'file', blob, name: found.name, contentType: found.contentType, bytes: found.data, restricted };
}
