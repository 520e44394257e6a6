import { ApiError } from '@quire/errors';
import type { sites } from '@quire/proto';
import type { VisitOutcome } from '../domain/reader-answer';
import type { ReaderDeps } from './deps';
import { readSpacePages } from '../../site-reads';

/**
 * A file a page shows (`<site space>/~files/{fileId}`, or `<site space>/.gitbook/assets/{name}` as
 * its `.md` names it): a 302 to content's signed, expiring download
 * of it. The address in the page stays stable while downloads expire; the file is read with the
 * site's apiToken, so only files of spaces the site publishes are reachable.
 */
export async function answerFile(deps: ReaderDeps, content: sites.PublishedSiteContent, file: { id: string } | { name: string }): Promise<VisitOutcome> {
  // A `.md` page's `.gitbook/assets/<name>`: the revision's file of that name (the page list's files, a kept read).
  const fileId = 'id' in file ? file.id : (await readSpacePages(deps, content, content.space, content.revision)).files.find((f) => f.name === file.name)?.id;
  if (!fileId) return { kind: 'no-site', path: `${content.basePath}.gitbook/assets/${'name' in file ? file.name : ''}` };
  const { downloadUrl } = await deps
    .contentPublished()
    .getPublishedFileUrl({ apiToken: content.apiToken, spaceId: content.space, revisionId: content.revision, fileId })
    .catch((err: unknown) => {
      // No such file in this revision.
      if (err instanceof ApiError && err.code === 404) return { downloadUrl: '' };
      throw err;
    });
  if (!downloadUrl) return { kind: 'no-site', path: `${content.basePath}~files/${fileId}` };
  return { kind: 'redirect', status: 302, location: downloadUrl, cookies: [] };
}
