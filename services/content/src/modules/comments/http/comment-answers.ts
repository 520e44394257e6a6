import type { Cache } from '@quire/platform/cache';
import { RawJson } from '@quire/platform/http';
import { presentUsers } from '@quire/platform/users';
import type { LoadedRevision, ContentConversions } from '../../revisions';
import { loadCommentExtras } from '../application/load-comment-extras';
import { loadReactions } from '../application/load-reactions';
import {
  presentComment,
  presentReply,
  type CommentContext,
  presentTargetPage,
  type CommentTargetPage,
  type PresentedComment,
  type PresentedReply,
} from '../presenters/comment.presenter';
import type { Comment, CommentScope, Reaction, Replier, Reply } from '../model/comment';
import type { ContentHttpDeps } from '../../shared';

export type CommentDeps = ContentHttpDeps & { cache: Cache; conversions: ContentConversions };

/**
 * Comments as answered: their reactions, repliers and target pages' revisions (application/
 * load-comment-extras.ts), every user they name (authors, resolvers, repliers, reacting users)
 * from identity in one call.
 */
export async function answerComments(deps: CommentDeps, rows: Comment[], scope: CommentScope): Promise<PresentedComment[]> {
  const { reactions, repliers, revisions, removedNodes } = await loadCommentExtras(deps, scope.space, rows);
  const named = rows.flatMap((r) => (r.resolvedBy ? [r.postedBy, r.resolvedBy] : [r.postedBy]));
  const context = await contextFor(
    deps,
    scope,
    reactions,
    [...named, ...repliers.map((r) => r.userId)],
    rows.map((r) => r.body),
  );
  const pages = targetPages(revisions, scope.space, removedNodes);
  const byComment = new Map<string, Replier[]>();
  for (const r of repliers) byComment.set(r.commentId, [...(byComment.get(r.commentId) ?? []), r]);
  return rows.map((row) => presentComment(row, context, byComment.get(row.id) ?? [], pages(row)));
}

export async function answerComment(deps: CommentDeps, row: Comment, scope: CommentScope): Promise<PresentedComment> {
  const [answer] = await answerComments(deps, [row], scope);
  return answer as PresentedComment;
}

export async function answerReplies(deps: CommentDeps, rows: Reply[], scope: CommentScope): Promise<PresentedReply[]> {
  const reactions = await loadReactions(
    deps.db,
    rows.map((r) => r.id),
  );
  const context = await contextFor(
    deps,
    scope,
    reactions,
    rows.map((r) => r.postedBy),
    rows.map((r) => r.body),
  );
  return rows.map((row) => presentReply(row, context));
}

export async function answerReply(deps: CommentDeps, row: Reply, scope: CommentScope): Promise<PresentedReply> {
  const [answer] = await answerReplies(deps, [row], scope);
  return answer as PresentedReply;
}

async function contextFor(deps: CommentDeps, scope: CommentScope, reactions: Reaction[], userIds: string[], bodies: string[]): Promise<CommentContext> {
  const bySubject = new Map<string, Reaction[]>();
  for (const r of reactions) bySubject.set(r.subjectId, [...(bySubject.get(r.subjectId) ?? []), r]);
  const [users, documents] = await Promise.all([
    presentUsers(deps.clients.identity(), deps.urls, [...userIds, ...reactions.map((r) => r.userId)]),
    scope.format === 'document' ? documentsOf(deps.conversions, bodies) : new Map<string, RawJson>(),
  ]);
  return {
    spaceId: scope.space.id,
    changeRequestId: scope.changeRequestId,
    caller: scope.caller,
    users,
    reactions: bySubject,
    format: scope.format,
    documents,
    urls: deps.urls,
  };
}

/** Bodies as documents, converted in one conversion task (a page of comments holds up to 100 bodies of 100,000 characters). */
async function documentsOf(conversions: ContentConversions, bodies: string[]): Promise<Map<string, RawJson>> {
  const distinct = [...new Set(bodies)];
  const documents = await conversions.documents(distinct);
  return new Map(distinct.map((body, i) => [body, new RawJson(documents[i] as string)]));
}

/**
 * The target page of each comment, read from the revision it was posted on; `outdated` when main's
 * current revision no longer has the page, or the comment's node.
 */
function targetPages(
  loaded: Map<string, LoadedRevision>,
  space: CommentScope['space'],
  removedNodes: ReadonlySet<string>,
): (row: Comment) => CommentTargetPage | undefined {
  const main = loaded.get(space.revisionId);
  return (row) => {
    const revision = row.pageId ? loaded.get(row.revisionId) : undefined;
    const page = row.pageId ? revision?.index.page(row.pageId) : undefined;
    if (!main || !revision || !page) return undefined;
    return presentTargetPage(page, revision.index, main.index, removedNodes.has(row.id));
  };
}
