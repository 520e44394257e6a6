// What a merge could not decide alone; the merged tree still holds a choice (docs/change-requests.md, Merge rules).

export interface MergeConflict {
  /** A page's id, or a file's id for `file` conflicts. */
  pageId: string;
  /** The page's title, or the file's name. */
  title: string;
  kind: 'body' | 'delete-edit' | 'move' | 'metadata' | 'file';
  message: string;
}

export interface MergeLabels {
  target: string;
  source: string;
}
