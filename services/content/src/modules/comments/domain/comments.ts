import type { Role } from '@quire/access';
import { blockKeyOf } from '@quire/formats';
import type { ChangeRequest } from '../../change-requests';
import type { CommentHome } from '../model/comment';
import type { MarkdownBody } from './comment-body';

// Comments and replies, on a change request or on a space's live content: who may call their
// commands at all (`comment` on the space) is the change request's policy; what depends on the comment itself (authorship, admin) is
// decided here, on the row the command holds locked.

/** Who acts, on which change request (null: the space's live content), with which level on its space. */
export interface CommentActor {
  spaceId: string;
  organizationId: string;
  changeRequest: ChangeRequest | null;
  /** The revision new comments are posted on: the change request's, or the space's current one. */
  revisionId: string;
  userId: string;
  level: Role;
}

/** Bodies come as markdown: a posted document is converted before (comment-body.ts). */
export interface CommentChanges {
  body?: MarkdownBody;
  resolved?: boolean;
  addedReactions?: string[];
  removedReactions?: string[];
}

/** The facts comment events carry (content-events.ts). */
export const commentFacts = (actor: CommentActor, commentId: string) => ({
  spaceId: actor.spaceId,
  organizationId: actor.organizationId,
  ...(actor.changeRequest ? { changeRequestId: actor.changeRequest.id } : {}),
  commentId,
});

/** The comments the actor acts among. */
export const homeOf = (actor: CommentActor): CommentHome => ({ spaceId: actor.spaceId, changeRequestId: actor.changeRequest?.id ?? null });

/** Its author edits a body; nobody else does, not even an admin (words are not put in their mouth). */
export const mayEditBody = (actor: CommentActor, postedBy: string) => postedBy === actor.userId;
/** Its author or a space admin deletes a comment or a reply. */
export const mayDelete = (actor: Pick<CommentActor, 'userId' | 'level'>, postedBy: string) => postedBy === actor.userId || actor.level === 'admin';

/**
 * Whether a comment's node is gone from main: its block (a node's key names the block it comes
 * from) was in the page it was posted on and main's page no longer has it. A node the posted page
 * never had (an id the client chose) is never called removed.
 */
export function isNodeRemoved(node: string, postedKeys: readonly string[], mainKeys: readonly string[]): boolean {
  const block = blockKeyOf(node);
  return postedKeys.includes(block) && !mainKeys.includes(block);
}

/** The reactions a PUT adds and removes, each once; added before removed, so an emoji in both lists ends up removed. */
export function reactionChanges(changes: CommentChanges): { added: string[]; removed: string[] } {
  return { added: [...new Set(changes.addedReactions ?? [])], removed: [...new Set(changes.removedReactions ?? [])] };
}
