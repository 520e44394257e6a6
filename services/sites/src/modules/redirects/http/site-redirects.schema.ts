import { parseRedirectSource } from '@quire/publishing';
import { httpUrl, pageQuery, queryBoolean, resourceId, text, z } from '@quire/input';
import { siteParams } from '../../sites';

// Inputs of the six site-redirect operations (reference 0.202.0, tag site-redirects).

export const redirectParams = siteParams.extend({ siteRedirectId: resourceId });

/** Reference SiteRedirectSourcePath (pattern, ≤ 512), plus no "." or ".." segment; gives the canonical key too. */
export const redirectSource = z.string().transform((raw, ctx) => {
  const parsed = parseRedirectSource(raw);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return { source: raw, key: parsed.source.key };
});

const id = z.string().min(1).max(128);

/** An external destination is sent as a Location header: a control character (CR, LF, tab…) has no place in it. */
const externalUrl = httpUrl.refine((url) => !/[\u0000-\u001f\u007f]/.test(url), 'must not contain control characters (CR, LF, tab…)');

/** Reference SiteRedirectDestination. */
export const redirectDestination = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('site-section'), siteSectionId: id }).strict(),
  z.object({ kind: z.literal('site-space'), siteSpaceId: id }).strict(),
  z.object({ kind: z.literal('site-page'), siteSpaceId: id, pageId: id }).strict(),
  z.object({ kind: z.literal('external'), url: externalUrl }).strict(),
]);

/**
 * Reference SiteRedirectInputDestination: a destination, or a page by its path in a space the site
 * shows (`{kind: "path"}`, resolved to a `site-page` destination when written; docs/sites.md).
 */
const inputDestination = z.union([redirectDestination, z.object({ kind: z.literal('path'), spaceId: id, path: text({ min: 1, max: 1024 }) }).strict()]);

export const createRedirectBody = z
  .object({
    source: redirectSource,
    destination: inputDestination,
    captureWildcard: z.boolean().optional(),
    draft: z.boolean().optional(),
    permanent: z.boolean().optional(),
  })
  .strict();

export const updateRedirectBody = z
  .object({
    source: redirectSource.optional(),
    destination: redirectDestination.optional(),
    captureWildcard: z.boolean().optional(),
    draft: z.boolean().optional(),
    permanent: z.boolean().optional(),
  })
  .strict();

/** One item of bulkUpsertSiteRedirects: `intent: publish` names a draft by its source; otherwise an upsert (or a delete with `destination: null`). */
const bulkItem = z
  .object({
    source: redirectSource,
    intent: z.enum(['publish', 'live', 'draft']).default('live'),
    destination: inputDestination.nullable().optional(),
    captureWildcard: z.boolean().optional(),
    permanent: z.boolean().optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (item.intent === 'publish') {
      if (item.destination !== undefined || item.captureWildcard !== undefined || item.permanent !== undefined)
        ctx.addIssue({ code: 'custom', message: 'an item with intent "publish" takes only "source"' });
    } else if (item.destination === undefined) ctx.addIssue({ code: 'custom', path: ['destination'], message: 'is required (null deletes)' });
  });

// Reference: 1 to 500 items per call.
export const MAX_BULK_REDIRECTS = 500;
export const bulkRedirectsBody = z.object({ redirects: z.array(bulkItem).min(1).max(MAX_BULK_REDIRECTS) }).strict();

export const listRedirectsQuery = pageQuery.extend({
  search: text({ min: 1, max: 512 }).optional(),
  draft: queryBoolean.optional(),
  orderBy: z.enum(['createdAt', 'updatedAt', 'source']).optional(),
});

// getSiteRedirectBySource: `source` is the request path to resolve (not necessarily a valid source:
// any path is looked up in canonical form); `shareKey` is accepted as the reference allows.
export const redirectBySourceQuery = z.object({ source: text({ min: 1, max: 2048 }), shareKey: text({ max: 256 }).optional() }).strict();

export type RedirectDestinationInput = z.infer<typeof redirectDestination>;
export type BulkRedirectItem = z.infer<typeof bulkItem>;
