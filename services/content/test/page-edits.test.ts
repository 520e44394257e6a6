import { deletePageFromTree, movePage } from '../src/modules/change-requests/domain/page-edits';
import { stillConflicted } from '../src/modules/change-requests/domain/change-request-state';
import type { RevisionTree } from '../src/modules/revisions/model/revision-tree';
import { storedPage } from './stored-page';

const page = storedPage;
// a, a/a1, a/a1/a11, b, c (group), c/c1
const tree: RevisionTree = {
  pages: [page('a', null), page('a1', 'a'), page('a11', 'a1'), page('b', null), page('c', null, 'group'), page('c1', 'c')],
  files: [],
};
const now = new Date('2026-11-23T10:00:00Z');
const shape = (t: RevisionTree) => t.pages.map((p) => `${p.parentId ?? '-'}>${p.id}`);

describe('page edits of a change request', () => {
  it('deletes a page with its subtree and names every removed page', () => {
    const draft = deletePageFromTree(tree, 'a1');
    expect(shape(draft.tree)).toEqual(['->a', '->b', '->c', 'c>c1']);
    expect(draft.changedPageIds.sort()).toEqual(['a1', 'a11']);
    expect(() => deletePageFromTree(tree, 'zz')).toThrow(/not found/);
  });

  it('moves a subtree under another parent, keeping tree order (parents before children)', () => {
    const draft = movePage(tree, 'a1', { parent: 'b' }, now);
    expect(shape(draft.tree)).toEqual(['->a', '->b', 'b>a1', 'a1>a11', '->c', 'c>c1']);
    expect(draft.tree.pages.find((p) => p.id === 'a1')?.updatedAt).toBe(now.toISOString());
  });

  it('reorders among siblings before or after a sibling, and to the end by default', () => {
    expect(shape(movePage(tree, 'b', { before: 'a' }, now).tree)).toEqual(['->b', '->a', 'a>a1', 'a1>a11', '->c', 'c>c1']);
    expect(shape(movePage(tree, 'a', { after: 'b' }, now).tree)).toEqual(['->b', '->a', 'a>a1', 'a1>a11', '->c', 'c>c1']);
    expect(shape(movePage(tree, 'a', { parent: null }, now).tree)).toEqual(['->b', '->c', 'c>c1', '->a', 'a>a1', 'a1>a11']);
    expect(shape(movePage(tree, 'b', { parent: 'c' }, now).tree)).toEqual(['->a', 'a>a1', 'a1>a11', '->c', 'c>c1', 'c>b']);
  });

  it('refuses cycles, groups below the top level, unknown parents and anchors that are not siblings', () => {
    expect(() => movePage(tree, 'a', { parent: 'a11' }, now)).toThrow(/own subtree/);
    expect(() => movePage(tree, 'c', { parent: 'a' }, now)).toThrow(/top level/);
    expect(() => movePage(tree, 'a', { parent: 'nope' }, now)).toThrow(/not in this content/);
    expect(() => movePage(tree, 'b', { before: 'a1' }, now)).toThrow(/not a sibling/);
  });

  it('gives a moved page a slug its new siblings do not hold', () => {
    const withTwin: RevisionTree = { pages: [page('x', null), { ...page('y', 'x'), slug: 'b' }, page('b', null)], files: [] };
    const moved = movePage(withTwin, 'b', { parent: 'x' }, now).tree.pages.find((p) => p.id === 'b');
    expect(moved?.slug).toBe('b-1');
  });

  it('keeps a page conflicted only while its body is the one holding the markers', () => {
    expect(stillConflicted({ a: 'h-a', b: 'old', gone: 'h-gone' }, tree)).toEqual({ a: 'h-a' });
  });
});
