import type { SpaceMergeRules } from './merge-rules';

/** The fields of a space a PATCH changes (absent: unchanged). */
export interface SpaceChanges {
  title?: string;
  emoji?: string;
  iconUrl?: string | null;
  editMode?: string;
  defaultLevel?: string | null;
  visibility?: string;
  mergeRules?: SpaceMergeRules;
}
