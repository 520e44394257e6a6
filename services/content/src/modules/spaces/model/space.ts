// A space as the store reads it: the shape store, domain, application and presenters share.
import type { SpaceGitSync } from './space-git-sync';
import type { SpaceMergeRules } from './merge-rules';

/** A space as the domain sees it (reference schema: Space). */
export interface Space {
  id: string;
  organizationId: string;
  parentId: string | null;
  title: string;
  emoji: string;
  visibility: string;
  /** A role, `inherit`, or null (private to its grants). */
  defaultLevel: string | null;
  editMode: string;
  position: string;
  revisionId: string;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  iconUrl: string | null;
  /** The space's merge rules (`inherit`: the organization's). */
  mergeRules: SpaceMergeRules;
}

/** The counters a Space shows (reference: Space.comments, changeRequests*). */
export interface SpaceCounts {
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
  /** The repository the space syncs with (Space.gitSync), null when it never synced. */
  gitSync: SpaceGitSync | null;
}

export type SpaceWithCounts = Space & SpaceCounts;
