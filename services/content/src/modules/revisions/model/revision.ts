// A revision as the store reads it: the shape store, domain, application and presenters share.
import type { RevisionTree } from './revision-tree';

export type RevisionType = 'edits' | 'merge' | 'update' | 'rollback';

export interface Revision {
  id: string;
  spaceId: string;
  parents: string[];
  type: RevisionType;
  tree: RevisionTree;
  /** A merge revision: the change request it merged. */
  mergedFrom: string | null;
  createdAt: Date;
  /** Git Sync: the commit it came from or was pushed as (Revision.git). */
  gitCommit: GitCommitRecord | null;
  /** Git Sync: the blob of each page and file (by id) in that commit. */
  gitBlobs: Record<string, GitBlobRecord> | null;
}

export interface GitCommitRecord {
  oid: string;
  message: string;
  createdByQuire: boolean;
  ref: string;
  url?: string;
}

export interface GitBlobRecord {
  oid: string;
  path: string;
}
