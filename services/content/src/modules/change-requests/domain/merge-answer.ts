import type { MergeConflict } from './merge/merge-revisions';
import type { ChangeRequest } from '../model/change-request';

// What merging a change request into main and pulling main into one share (their steps in one
// transaction: application/merge-steps.ts).

export interface ChangeRequestTarget {
  spaceId: string;
  organizationId: string;
  changeRequestId: string;
  userId: string;
}

/** The answer of merge and update (reference: mergeChangeRequest, updateChangeRequest), with the conflicts found. */
export interface MergeAnswer<R extends string> {
  revision: string;
  result: R | 'conflicts';
  conflicts: MergeConflict[];
}

/** How conflict markers name main and a change request. */
export const MAIN = 'main';
export const changeRequestLabel = (cr: ChangeRequest) => `change request #${cr.number}`;
