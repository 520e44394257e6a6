import { pageQuery, siteSearchQueryText, z } from '@quire/input';
import { MAX_SCOPE_SITE_SPACES, type SiteSearchScope } from '../domain/search-scope';

// searchSiteContent's input (reference 0.202.0): `?page`/`?limit` (listPage, listLimit) and a body
// `{query, scope}` with `scope` a SiteSearchScope, or one of the deprecated forms the reference
// still accepts in its place (`{siteSpaceIds}` / `{mode: "specific", siteSpaceIds}`,
// `{mode: "current", siteSpaceId}`, `{mode: "all"}`), normalised here to a scope.

export const siteSearchQuery = pageQuery;

const siteSpaceId = z.string().min(1).max(128);
const siteSpaceIds = z.array(siteSpaceId).min(1).max(MAX_SCOPE_SITE_SPACES);

const scope = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('all') }).strict(),
  z
    .object({ mode: z.literal('default'), currentSiteSpace: siteSpaceId.optional(), restrictTo: z.enum(['currentSiteSpace', 'otherSiteSpaces']).optional() })
    .strict(),
  z.object({ mode: z.literal('specific'), siteSpaceIds }).strict(),
]);

export const siteSearchBody = z
  .object({
    query: siteSearchQueryText,
    scope: scope.optional(),
    // The reference's deprecated forms.
    mode: z.enum(['all', 'current', 'specific']).optional(),
    siteSpaceIds: siteSpaceIds.optional(),
    siteSpaceId: siteSpaceId.optional(),
  })
  .strict()
  .transform((body, ctx): { query: string; scope: SiteSearchScope } => {
    const deprecated = body.mode !== undefined || body.siteSpaceIds !== undefined || body.siteSpaceId !== undefined;
    if (body.scope) {
      if (body.scope.mode === 'default' && body.scope.restrictTo !== undefined && body.scope.currentSiteSpace === undefined) {
        ctx.addIssue({ code: 'custom', path: ['scope', 'restrictTo'], message: 'needs scope.currentSiteSpace' });
      }
      if (deprecated) ctx.addIssue({ code: 'custom', path: ['scope'], message: 'give either scope or the deprecated mode/siteSpaceIds/siteSpaceId, not both' });
      return { query: body.query, scope: body.scope };
    }
    if (body.siteSpaceIds && (body.mode === undefined || body.mode === 'specific'))
      return { query: body.query, scope: { mode: 'specific', siteSpaceIds: body.siteSpaceIds } };
    if (body.mode === 'current' && body.siteSpaceId !== undefined) return { query: body.query, scope: { mode: 'default', currentSiteSpace: body.siteSpaceId } };
    if (body.mode === 'all' && !body.siteSpaceIds && body.siteSpaceId === undefined) return { query: body.query, scope: { mode: 'all' } };
    ctx.addIssue({ code: 'custom', path: ['scope'], message: 'is required (a SiteSearchScope: mode "all", "default" or "specific")' });
    return z.NEVER;
  });
