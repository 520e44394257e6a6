import { markdownBlocks } from '@quire/formats';
import { revertPage } from '../../src/modules/change-requests/domain/changes/revert-page';
import type { RevisionTree } from '../../src/modules/revisions/model/revision-tree';
import { storedPage } from '../stored-page';
import { batchOf, shape } from './batch-fixture';

// The `revert_page` handler alone: the change request's tree has `a` edited and `n`
// added, and lacks `b`, against the base revision r0.

const base: RevisionTree = { pages: [storedPage('a', null), storedPage('b', null)], files: [] };
const changed: RevisionTree = {
  pages: [{ ...storedPage('a', null), title: 'Edited', body: 'h-a2' }, storedPage('n', 'a')],
  files: [],
};
const bodies = new Map([
  ['h-a', 'one\n\ntwo'],
  ['h-a2', 'one\n\nTWO'],
]);
const batch = () => batchOf(changed, { revisions: new Map([['r0', base]]), baseRevision: 'r0', storedBodies: bodies });

describe('revert_page handler', () => {
  it('gives an edited page its body and fields back, where it is', () => {
    const b = batch();
    revertPage(b, { operation: 'revert_page', page: 'a' }, 0);
    expect(b.findPage('a')).toMatchObject({ title: 'a', body: 'h-a' });
    expect(b.finish().outcomes).toEqual([{ kind: 'updated', pageId: 'a' }]);
  });

  it('removes a page added since, and brings back one deleted since', () => {
    const b = batch();
    revertPage(b, { operation: 'revert_page', page: 'n', revision: 'r0' }, 0);
    revertPage(b, { operation: 'revert_page', page: 'b' }, 1);
    expect(shape(b.tree)).toEqual(['->a', '->b']);
    expect(b.finish().outcomes).toEqual([
      { kind: 'deleted', pageId: 'n' },
      { kind: 'updated', pageId: 'b' },
    ]);
  });

  it('reverts some blocks of a body, stored as the page has it but for them, the page fields left alone', () => {
    const b = batch();
    const two = markdownBlocks('one\n\nTWO').find((block) => block.source === 'TWO')?.key as string;
    revertPage(b, { operation: 'revert_page', page: 'a', block: [two] }, 0);
    expect(b.findPage('a')).toMatchObject({ title: 'Edited' });
    expect(b.bodies.get(b.findPage('a')!.body!)).toBe('one\n\ntwo');
    expect(() => revertPage(b, { operation: 'revert_page', page: 'a', block: ['nokey'] }, 1)).toThrow('Invalid body field "changes.1.block": no block nokey');
  });

  it('refuses an unknown revision, an unknown page, and a block revert of a page added or deleted since', () => {
    const b = batch();
    expect(() => revertPage(b, { operation: 'revert_page', page: 'a', revision: 'zz' }, 0)).toThrow(
      'Invalid body field "changes.0.revision": revision zz is not a revision of this space',
    );
    expect(() => revertPage(b, { operation: 'revert_page', page: 'zz' }, 1)).toThrow(
      'Invalid body field "changes.1.page": page zz is in neither the change request nor the revision',
    );
    expect(() => revertPage(b, { operation: 'revert_page', page: 'n', block: ['x'] }, 2)).toThrow('page n was added since that revision');
    expect(() => revertPage(b, { operation: 'revert_page', page: 'b', block: ['x'] }, 3)).toThrow('page b was deleted since that revision');
  });
});
