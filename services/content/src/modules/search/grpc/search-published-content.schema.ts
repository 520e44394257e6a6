import { MAX_PAGE_SIZE, resourceId, text, z } from '@quire/input';

// gRPC SearchPublishedContent's request (proto/quire/content.proto), checked like an HTTP body: a
// refusal is INVALID_ARGUMENT naming the field, which the caller's client turns back into a 400.

/** The most spaces one search covers (a site's site spaces, each a distinct space). */
export const MAX_SEARCH_SPACES = 1000;

export const searchPublishedContentRequest = z.object({
  organizationId: resourceId,
  spaceIds: z.array(resourceId).min(1).max(MAX_SEARCH_SPACES),
  query: text({ min: 1, max: 512 }).refine((q) => q.trim().length > 0, 'must not be blank'),
  offset: z.number().int().min(0).max(1_000_000),
  limit: z.number().int().min(0).max(MAX_PAGE_SIZE),
});
