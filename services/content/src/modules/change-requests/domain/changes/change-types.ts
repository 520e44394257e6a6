import type { BlockRevert, EditDraft, RevisionTree, StoredFile, StoredPage } from '../../../revisions';

// The shapes of a batch content edit (content-changes.ts), apart so that each operation's handler
// (./<operation>.ts) and the table that runs them share them without importing one another.

/** The page fields of the reference's RevisionPageUpdate that Quire stores. */
export interface PageFields {
  title?: string;
  slug?: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
}

export type ContentChange =
  | ({ operation: 'insert_page'; document: string; into?: string; at?: number; ref?: string } & PageFields & ReadPageFields)
  | ({ operation: 'update_page'; page: string; document?: string; into?: string | null; at?: number } & PageFields & ReadPageFields)
  | { operation: 'delete_page'; page: string }
  | { operation: 'insert_files'; files: BatchFile[] }
  | { operation: 'revert_page'; page: string; revision?: string; block?: string[] }
  | { operation: 'delete_file'; file: string };

/** The change of one operation, e.g. `ChangeOf<'insert_page'>`. */
export type ChangeOf<O extends ContentChange['operation']> = Extract<ContentChange, { operation: O }>;

/**
 * What Git Sync's import (domain/git-sync/import-changes.ts) gives besides the API's fields, never
 * accepted from a request (the API schema is strict): a page it already read (title and body
 * apart, so `document` is not read again), its kind, layout and id chosen ahead (so that later
 * changes of the batch can put pages under it); and `delete_file`, for a file the repository lost.
 */
export interface ReadPageFields {
  id?: string;
  kind?: 'document' | 'group' | 'link';
  /** The body as stored: `document`'s front matter and heading are not read. */
  body?: string;
  layout?: StoredPage['layout'];
  /** Link pages: the URL. */
  href?: string;
}

/** A file of an `insert_files` change, its bytes already read (and stored) by the caller. */
export interface BatchFile {
  name: string;
  ref?: string;
  contentType: string;
  bytes: Buffer;
}

/** What happened to each page the batch touched, in the order first touched (the `compat=false` answer). */
export type PageOutcome = { kind: 'created'; pageId: string; ref?: string } | { kind: 'updated'; pageId: string } | { kind: 'deleted'; pageId: string };

export interface ChangesDraft extends EditDraft {
  outcomes: PageOutcome[];
  /** The files `insert_files` added, in order (the `insertedFiles` of the answer). */
  insertedFiles: StoredFile[];
}

export interface ChangesContext {
  newId: () => string;
  now: Date;
  /** The trees `revert_page` may take a page from, by revision id (loaded by the caller). */
  revisions?: ReadonlyMap<string, RevisionTree>;
  /** The revision a `revert_page` without `revision` goes back to: the change request's base. */
  baseRevision?: string;
  /** Stored bodies by hash: at least those `storedBodiesToRead` names (what block reverts read). */
  storedBodies?: ReadonlyMap<string, string>;
  /** Block reverts computed ahead in a conversion thread, by revertKey (block-revert-threads.ts); one missing is computed here. */
  revertedBlocks?: ReadonlyMap<string, BlockRevert>;
}
