import { pageQuery, queryList, resourceId, text, z } from '@quire/input';
import { emoji } from '../../content-tree';

// Reference: listCommentsInChangeRequest, postCommentInChangeRequest, getCommentInChangeRequest,
// updateCommentInChangeRequest, deleteCommentInChangeRequest, the …CommentReply… operations and
// the same …InSpace; PostCommentSchema, PostCommentReplySchema, UpdateCommentSchema.

/** Longer than any review note; a body is stored and sent whole with every listing. */
const MAX_BODY = 100_000;
/** Reactions one update may add or remove. */
const MAX_REACTIONS = 20;

export const changeRequestParams = z.object({ spaceId: resourceId, changeRequestId: resourceId });
export const commentParams = changeRequestParams.extend({ commentId: resourceId });
export const replyParams = commentParams.extend({ commentReplyId: resourceId });

export const spaceParams = z.object({ spaceId: resourceId });
export const spaceCommentParams = spaceParams.extend({ commentId: resourceId });
export const spaceReplyParams = spaceCommentParams.extend({ commentReplyId: resourceId });

/** Where a set of comment routes is mounted and the schemas of its paths: a change request's comments or a space's. */
export interface CommentRoutesAt {
  base: string;
  params: z.ZodType<{ spaceId: string; changeRequestId?: string }>;
  comment: z.ZodType<{ spaceId: string; changeRequestId?: string; commentId: string }>;
  reply: z.ZodType<{ spaceId: string; changeRequestId?: string; commentId: string; commentReplyId: string }>;
}

export const CHANGE_REQUEST_COMMENTS: CommentRoutesAt = {
  base: '/v1/spaces/:spaceId/change-requests/:changeRequestId/comments',
  params: changeRequestParams,
  comment: commentParams,
  reply: replyParams,
};

export const SPACE_COMMENTS: CommentRoutesAt = {
  base: '/v1/spaces/:spaceId/comments',
  params: spaceParams,
  comment: spaceCommentParams,
  reply: spaceReplyParams,
};

export const listCommentersQuery = pageQuery;

const format = z.enum(['document', 'markdown']).default('markdown');
export const formatQuery = z.object({ format });

/** `authors=a&authors=b` and `authors=a,b` alike. */
const authors = queryList(resourceId, 100);

export const listCommentsQuery = pageQuery.extend({
  format,
  status: z.enum(['all', 'open', 'resolved']).default('all'),
  order: z.enum(['asc', 'desc']).default('desc'),
  targetPage: resourceId.optional(),
  authors: authors.optional(),
});

export const listRepliesQuery = pageQuery.extend({ format });

/**
 * Reference: Document — `{ markdown }` or `{ document: JSONDocument }`. The empty `{}` the union
 * also admits says nothing, so a comment needs one of the two, and not blank.
 */
const commentBody = z
  .object({
    markdown: text({ max: MAX_BODY }).optional(),
    document: z
      .object({ object: z.literal('document'), data: z.record(z.unknown()).optional(), nodes: z.array(z.unknown()).max(10_000) })
      .passthrough()
      .optional(),
  })
  .strict()
  .refine((b) => (b.markdown === undefined) !== (b.document === undefined), { message: 'give either "markdown" or "document"' })
  .refine((b) => b.markdown === undefined || b.markdown.trim() !== '', { message: 'must not be empty', path: ['markdown'] });

export type CommentBody = z.infer<typeof commentBody>;

export const postCommentBody = z
  .object({
    body: commentBody,
    page: resourceId.optional(),
    node: text({ min: 1, max: 128 }).optional(),
    tableCell: z
      .object({ record: text({ min: 1, max: 128 }), definition: text({ min: 1, max: 128 }) })
      .strict()
      .optional(),
  })
  .strict();

export const postReplyBody = z.object({ body: commentBody }).strict();

const reactions = z.array(emoji).max(MAX_REACTIONS);

/** On replies `resolved` is accepted and ignored: the reference shares the schema, replies have no status. */
export const updateCommentBody = z
  .object({ body: commentBody, resolved: z.boolean(), addedReactions: reactions, removedReactions: reactions })
  .partial()
  .strict();

export type UpdateCommentBody = z.infer<typeof updateCommentBody>;
