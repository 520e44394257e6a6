import { pageQuery, queryBoolean, resourceId, text, z } from '@quire/input';
import { changeRequestParams } from './change-requests.schema';

// Reference: requestReviewersForChangeRequest, getRequestedReviewersByChangeRequestId,
// removeRequestedReviewerFromChangeRequest, submitChangeRequestReview, getReviewsByChangeRequestId,
// getChangeRequestReviewById.

const MAX_MARKDOWN = 100_000;

/**
 * The reference's Document as `{ markdown }` or `{}`, kept as posted. A `{ document: JSONDocument }`
 * is refused: a review keeps its comment as posted and answers it as such, and Quire checks no
 * JSONDocument's nodes (comments convert theirs to markdown).
 */
const document = z.union([z.object({ markdown: z.string().max(MAX_MARKDOWN) }).strict(), z.object({}).strict()], {
  errorMap: () => ({ message: 'must be { "markdown": "…" } (a review comment is taken as markdown)' }),
});

export const requestReviewersBody = z
  .object({
    users: z.array(resourceId).min(1).max(50),
    subject: text({ max: 100 }).optional(),
    description: z
      .object({ object: z.literal('document'), nodes: z.array(z.unknown()).max(10_000) })
      .passthrough()
      .optional(),
  })
  .strict();

export const submitReviewBody = z.object({ status: z.enum(['approved', 'changes-requested']), comment: document.optional() }).strict();

export const reviewParams = changeRequestParams.extend({ reviewId: resourceId });
export const requestedReviewerParams = changeRequestParams.extend({ userId: resourceId });

export const listReviewsQuery = pageQuery.extend({
  outdated: queryBoolean.optional(),
  format: z.enum(['document', 'markdown']).optional(),
});

export const reviewQuery = z.object({ format: z.enum(['document', 'markdown']).optional() });
