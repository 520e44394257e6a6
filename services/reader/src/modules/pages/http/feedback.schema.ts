import { parseInput, text, z } from '@quire/input';
import { FEEDBACK_COMMENT_MAX } from '../domain/feedback-comment';

const feedbackComment = z.object({
  comment: z
    .string()
    .trim()
    .pipe(text({ min: 1, max: FEEDBACK_COMMENT_MAX })),
});

/**
 * A feedback post's form body: absent or without a `comment` field, it is the rating alone
 * (undefined); otherwise the comment, or a 400 naming the field.
 */
export function feedbackCommentOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('comment' in body)) return undefined;
  return parseInput(feedbackComment, body, 'body').comment;
}
