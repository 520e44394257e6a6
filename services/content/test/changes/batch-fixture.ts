import { ContentBatch } from '../../src/modules/change-requests/domain/changes/content-batch';
import type { ChangesContext } from '../../src/modules/change-requests/domain/changes/change-types';
import type { RevisionTree, StoredFile } from '../../src/modules/revisions/model/revision-tree';
import { storedPage } from '../stored-page';

// A small tree for the tests of one handler each: a, a/a1, a/a1/a11, b, l (a link page), and one file.

const page = storedPage;
export const now = new Date('2026-11-26T10:00:00Z');
export const file: StoredFile = { id: 'f1', name: 'logo.txt', contentType: 'text/plain', size: 3, blob: 'b-f1' };
export const tree: RevisionTree = {
  pages: [page('a', null), page('a1', 'a'), page('a11', 'a1'), page('b', null), { ...page('l', null, 'link'), body: undefined }],
  files: [file],
};

/** A fresh batch over `tree` (or another), its new ids n1, n2…. */
export function batchOf(parent: RevisionTree = tree, extra: Partial<ChangesContext> = {}): ContentBatch {
  let counter = 0;
  return new ContentBatch(parent, { now, newId: () => `n${++counter}`, ...extra });
}

/** Each page as `parent>slug`, in tree order. */
export const shape = (t: RevisionTree) => t.pages.map((p) => `${p.parentId ?? '-'}>${p.slug}`);
