import { pageQuery, z } from '@quire/input';

// Links and backlinks requests (reference: listSpaceLinks, listChangeRequestLinks,
// listPageLinksInSpace, listPageLinksInChangeRequest, listSpaceFileBacklinks,
// listChangeRequestFileBacklinks, listSpacePageBacklinks, listChangeRequestPageBacklinks).

const linkStatus = z.enum(['ok', 'broken', 'in-app']);

export const spaceLinksQuery = pageQuery.extend({ status: linkStatus.optional() });
/** listPageLinksInChangeRequest has no `status` in the reference. */
export const changeRequestPageLinksQuery = pageQuery;
export const changeRequestLinksQuery = spaceLinksQuery.extend({ brokenContext: z.enum(['change-request', 'space']).optional() });
export const backlinksQuery = pageQuery;

/**
 * Items per page when `limit` is absent. Every item embeds full Organization, Space, page and file
 * objects (~6 kB for a link, ~2 kB for a backlink): the common default of 1,000 made a 6 MB answer
 * whose JSON parse alone takes a client ~45 ms. `limit` still goes up to 1,000.
 */
export const LINKS_PAGE_SIZE = 100;

export type LinksQuery = z.infer<typeof changeRequestLinksQuery>;
