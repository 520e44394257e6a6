import { pageQuery, resourceId, text, z } from '@quire/input';

// Reference: searchSpaceContent, searchOrganizationContent (contract §2.1). `query` is web-search
// syntax (quoted phrases, -exclusions, OR), at most 512 code points; NUL is refused by parseInput.

export const spaceSearchParams = z.object({ spaceId: resourceId });
export const organizationSearchParams = z.object({ organizationId: resourceId });

export const searchQuery = pageQuery.extend({ query: text({ max: 512 }) });

/** Results per page when `limit` is absent: each result carries snippets, made per request. */
export const SEARCH_PAGE_SIZE = 20;
