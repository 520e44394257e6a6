import type { Role } from '@quire/access';
import type { RawJson } from '@quire/platform/http';
import type { PresentedUser } from '@quire/platform/users';
import type { UrlBuilder } from '@quire/urls';
import { mayDelete } from '../domain/comments';
import { allows } from '../../change-requests';
import type { RevisionIndex, StoredPage } from '../../revisions';
import type { Comment, CommentFormat, Reaction, Replier, Reply } from '../model/comment';

// Reference schemas: Comment (status always, trap T5), CommentReply, EmojiReaction.

export type { CommentFormat };

/** A comment's page as its target shows it: RevisionPageBase, `path`, and whether main still has it. */
export interface CommentTargetPage {
  id: string;
  title: string;
  emoji?: string;
  createdAt?: string;
  updatedAt?: string;
  path: string;
  outdated: boolean;
}

/** What every comment of one answer is presented with (users and reactions fetched once for all). */
export interface CommentContext {
  spaceId: string;
  /** Null for comments on the space's live content. */
  changeRequestId: string | null;
  caller: { userId: string; level: Role };
  users: Map<string, PresentedUser>;
  /** Reactions by comment or reply id, oldest first. */
  reactions: Map<string, Reaction[]>;
  format: CommentFormat;
  /** With format `document`: each body's document by its markdown, converted beforehand in a conversion thread. */
  documents: ReadonlyMap<string, RawJson>;
  urls: UrlBuilder;
}

const commentPath = (c: CommentContext, commentId: string) =>
  c.changeRequestId === null ? `/spaces/${c.spaceId}/comments/${commentId}` : `/spaces/${c.spaceId}/change-requests/${c.changeRequestId}/comments/${commentId}`;

/**
 * Reference: Comment.target.page, the page read from the revision the comment was posted on;
 * `outdated` ("the target no longer exists in the primary content") when main lost the page, or
 * the node the comment is on.
 */
export function presentTargetPage(page: StoredPage, index: RevisionIndex, main: RevisionIndex, isNodeRemoved = false): CommentTargetPage {
  const outdated = !main.page(page.id) || isNodeRemoved;
  const out: CommentTargetPage = { id: page.id, title: page.title, path: index.paths.get(page.id) ?? page.slug, outdated };
  if (page.emoji) out.emoji = page.emoji;
  if (page.createdAt) out.createdAt = page.createdAt;
  if (page.updatedAt) out.updatedAt = page.updatedAt;
  return out;
}

export function presentComment(row: Comment, c: CommentContext, repliers: readonly Replier[], page?: CommentTargetPage) {
  const target: Record<string, unknown> = { space: c.spaceId, revision: row.revisionId };
  if (c.changeRequestId !== null) target.changeRequest = c.changeRequestId;
  if (page) target.page = page;
  if (row.nodeId) target.node = { id: row.nodeId };
  if (row.tableCell) target.tableCell = row.tableCell;
  const status =
    row.resolvedAt && row.resolvedBy
      ? { status: 'resolved' as const, resolvedAt: row.resolvedAt.toISOString(), resolvedBy: user(c, row.resolvedBy) }
      : { status: 'open' as const };
  return {
    object: 'comment' as const,
    id: row.id,
    postedBy: user(c, row.postedBy),
    postedAt: row.postedAt.toISOString(),
    ...(row.editedAt ? { editedAt: row.editedAt.toISOString() } : {}),
    reactions: presentReactions(c.reactions.get(row.id) ?? [], c),
    replies: row.replies,
    // Today's client (0.202.0) requires it; `actionType` is what 0.143.2's UserContributor requires.
    repliers: repliers.map((r) => ({ user: user(c, r.userId), count: r.count, updatedAt: r.lastRepliedAt.toISOString(), actionType: 'comment' as const })),
    body: presentBody(row.body, c),
    target,
    urls: { location: c.urls.api(commentPath(c, row.id)) },
    permissions: permissions(row.postedBy, c),
    ...status,
  };
}

export function presentReply(row: Reply, c: CommentContext) {
  return {
    object: 'comment-reply' as const,
    id: row.id,
    postedBy: user(c, row.postedBy),
    postedAt: row.postedAt.toISOString(),
    ...(row.editedAt ? { editedAt: row.editedAt.toISOString() } : {}),
    reactions: presentReactions(c.reactions.get(row.id) ?? [], c),
    body: presentBody(row.body, c),
    urls: { location: c.urls.api(`${commentPath(c, row.commentId)}/replies/${row.id}`) },
    permissions: permissions(row.postedBy, c),
  };
}

export type PresentedComment = ReturnType<typeof presentComment>;
export type PresentedReply = ReturnType<typeof presentReply>;

/** EmojiReactions: one entry per emoji, in the order each was first used, with who reacted and when. */
function presentReactions(rows: Reaction[], c: CommentContext) {
  const byEmoji = new Map<string, { user: PresentedUser; reactedAt: string }[]>();
  for (const r of rows) {
    const users = byEmoji.get(r.emoji) ?? [];
    users.push({ user: user(c, r.userId), reactedAt: r.reactedAt.toISOString() });
    byEmoji.set(r.emoji, users);
  }
  return [...byEmoji].map(([emoji, users]) => ({ emoji, count: users.length, users }));
}

function presentBody(markdown: string, c: CommentContext): { markdown: string } | { document: RawJson } {
  const document = c.format === 'document' ? c.documents.get(markdown) : undefined;
  return document ? { document } : { markdown };
}

/** The caller's permissions: its author edits; its author or an admin deletes; commenters reply and react. */
function permissions(postedBy: string, c: CommentContext) {
  const mayComment = allows(c.caller.level, 'comment');
  return { view: true, edit: mayComment && postedBy === c.caller.userId, delete: mayComment && mayDelete(c.caller, postedBy), reply: mayComment };
}

function user(c: CommentContext, id: string): PresentedUser {
  return c.users.get(id) ?? { object: 'user', id, displayName: 'Unknown user', urls: { location: c.urls.api(`/users/${id}`) } };
}
