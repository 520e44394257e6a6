import { pageQuery, z } from '@quire/common';

// Links and backlinks requests (reference: listSpaceLinks, listChangeRequestLinks,
// listPageLinksInSpace, listPageLinksInChangeRequest, listSpaceFileBacklinks,
// listChangeRequestFileBacklinks, listSpacePageBacklinks, listChangeRequestPageBacklinks).

const linkStatus = z.enum(['ok', 'broken', 'in-app']);

export const spaceLinksQuery = pageQuery.extend({ status: linkStatus.optional() });
/** listPageLinksInChangeRequest has no `status` in the reference. */
export const changeRequestPageLinksQuery = pageQuery;
export const changeRequestLinksQuery = spaceLinksQuery.extend({ brokenContext: z.enum(['change-request', 'space']).optional() });
export const backlinksQuery = pageQuery;

export type LinksQuery = z.infer<typeof changeRequestLinksQuery>;
