// The records of change-request comments, their replies and reactions (store/comments.store.ts reads and writes them).
import type { Role } from '@quire/access';

export interface TableCellTarget {
  record: string;
  definition: string;
}

export interface Comment {
  id: string;
  changeRequestId: string;
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

/** Whose answer it is, about which change request: what a comment use case hands the route for its answer. */
export interface CommentScope {
  space: { id: string; revisionId: string };
  changeRequestId: string;
  caller: { userId: string; level: Role };
  format: CommentFormat;
}
