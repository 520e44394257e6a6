import { badRequest } from '@quire/errors';
import { httpUrl, pageQuery, queryBoolean, resourceId, z } from '@quire/input';
import { IMPORT_SOURCES } from '../../imports';

// Space content requests (reference: getCurrentRevision, listPages, getPageById, listFiles,
// getFileById, getRevisionById…, importContent, importContentInPageById).

export const spaceParams = z.object({ spaceId: resourceId });
export const revisionParams = spaceParams.extend({ revisionId: resourceId });
export const pageParams = spaceParams.extend({ pageId: resourceId });
export const revisionPageParams = revisionParams.extend({ pageId: resourceId });
export const fileParams = spaceParams.extend({ fileId: resourceId });
export const revisionFileParams = revisionParams.extend({ fileId: resourceId });
/** A change request by id or by its number in the space. */
export const changeRequestParams = spaceParams.extend({ changeRequestId: resourceId });
export const changeRequestPageParams = changeRequestParams.extend({ pageId: resourceId });
export const changeRequestFileParams = changeRequestParams.extend({ fileId: resourceId });
/**
 * A page's slug path, one path segment percent-encoded (`guides%2Finstall`), as the reference's
 * `{pagePath}`. At most 1,024 characters: encoded, even astral ones stay under the gateway's 16 KB
 * request-line limit, so a long path is a 404 here rather than a 431 before routing.
 */
const pagePath = z.string().min(1).max(1024);
export const pathParams = spaceParams.extend({ pagePath });
export const revisionPathParams = revisionParams.extend({ pagePath });
export const changeRequestPathParams = changeRequestParams.extend({ pagePath });
export const downloadParams = z.object({ revisionId: resourceId, fileId: resourceId });

/** `metadata` and `computed` (both default true): Quire has no git metadata or computed content to leave out. */
export const revisionQuery = z.object({ metadata: queryBoolean.optional(), computed: queryBoolean.optional() });
export const pageQueryParams = revisionQuery.extend({
  format: z.enum(['document', 'markdown']).optional(),
  evaluated: z.enum(['true', 'false', 'deterministic-only']).optional(),
  // Today's client's (0.202.0), honoured: links by path (as stored) or by id, for markdown only.
  'format.markdown.refs': z.enum(['relative', 'stable']).optional(),
  // Today's client's (0.202.0): Quire has no reusable content or other reference to expand, so a
  // page reads the same dereferenced or not.
  dereferenced: z.enum(['true', 'false', 'reusable-contents']).optional(),
});
/** A page read by path takes one more of today's client's (0.202.0): Quire has no git metadata to serve from a cache. */
export const pathQueryParams = pageQueryParams.extend({ cachedMetadata: queryBoolean.optional() });
/** getPageDocumentInRevisionById's flags: accepted, and nothing to do (see pageQueryParams). */
export const documentQuery = pageQueryParams.pick({ evaluated: true, dereferenced: true });
export const filesQuery = pageQuery.merge(revisionQuery);

const SUPPORTED = IMPORT_SOURCES.join(', ');
const REFERENCE_SOURCES = [...IMPORT_SOURCES, 'confluence', 'github-wiki', 'notion', 'google-docs'] as const;

export const importBody = z
  .object({
    url: httpUrl,
    source: z.enum(REFERENCE_SOURCES, { errorMap: () => ({ message: `must be one of ${SUPPORTED}` }) }),
  })
  .strict();

/** The reference's other sources (confluence, notion…) are valid there but not imported by Quire. */
export function supportedSource(source: (typeof REFERENCE_SOURCES)[number]): (typeof IMPORT_SOURCES)[number] {
  if (!(IMPORT_SOURCES as readonly string[]).includes(source)) throw badRequest(`"source": ${source} is not supported; use one of ${SUPPORTED}`);
  return source as (typeof IMPORT_SOURCES)[number];
}
