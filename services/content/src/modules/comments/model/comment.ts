// The records of comments (on a change request, or on a space's live content), their replies and
// reactions (store/comments.store.ts reads and writes them).
import type { Role } from '@quire/access';

export interface TableCellTarget {
  record: string;
  definition: string;
}

export interface Comment {
  id: string;
  /** Null for a comment on the space's live content. */
  changeRequestId: string | null;
  spaceId: string;
  postedBy: string;
  body: string;
  revisionId: string;
  pageId: string | null;
  nodeId: string | null;
  tableCell: TableCellTarget | null;
  postedAt: Date;
  editedAt: Date | null;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  /** Its replies, counted in the same query. */
  replies: number;
}

/** Where comments live: a change request of a space, or (`changeRequestId` null) the space's live content. */
export interface CommentHome {
  spaceId: string;
  changeRequestId: string | null;
}

export interface Reply {
  id: string;
  commentId: string;
  postedBy: string;
  body: string;
  postedAt: Date;
  editedAt: Date | null;
}

export interface Reaction {
  subjectId: string;
  userId: string;
  emoji: string;
  reactedAt: Date;
}

/** Who replied to a comment: each author's reply count and latest reply (reference UserContributor). */
export interface Replier {
  commentId: string;
  userId: string;
  count: number;
  lastRepliedAt: Date;
}

/** How comment bodies are answered. */
export type CommentFormat = 'markdown' | 'document';

/** Who posted comments or replies in a space or a change request, and when first (reference listCommenters…). */
export interface Commenter {
  userId: string;
  firstPostedAt: Date;
}

/** Whose answer it is, about which change request (null: the space's live content). */
export interface CommentScope {
  space: { id: string; revisionId: string };
  changeRequestId: string | null;
  caller: { userId: string; level: Role };
  format: CommentFormat;
}
