import { updatePage } from '../../src/modules/change-requests/domain/changes/update-page';
import { batchOf, now, shape } from './batch-fixture';

// The `update_page` handler alone.

describe('update_page handler', () => {
  it('renames without changing the slug, and sets the optional fields (an empty emoji removes it)', () => {
    const batch = batchOf();
    updatePage(batch, { operation: 'update_page', page: 'a1', title: ' Renamed ', emoji: '', hidden: true, description: 'D' }, 0);
    expect(batch.findPage('a1')).toMatchObject({ title: 'Renamed', slug: 'a1', hidden: true, description: 'D', updatedAt: now.toISOString() });
    expect(batch.findPage('a1')?.emoji).toBeUndefined();
    expect(batch.finish().outcomes).toEqual([{ kind: 'updated', pageId: 'a1' }]);
  });

  it('replaces the body, the document title winning over the field, and moves with into/at', () => {
    const batch = batchOf();
    updatePage(batch, { operation: 'update_page', page: 'a11', document: '# New\n\nText', title: 'ignored', into: null, at: 0 }, 0);
    expect(shape(batch.tree)).toEqual(['->a11', '->a', 'a>a1', '->b', '->l']);
    expect(batch.findPage('a11')).toMatchObject({ title: 'New', slug: 'a11' });
    expect(batch.sentBodies.get('a11')).toBe('Text');
  });

  it('changes the slug only when asked, and refuses a move under its own subpage or a missing page', () => {
    const batch = batchOf();
    updatePage(batch, { operation: 'update_page', page: 'b', slug: 'bee' }, 0);
    expect(batch.findPage('b')?.slug).toBe('bee');
    expect(() => updatePage(batch, { operation: 'update_page', page: 'a', into: 'a11' }, 1)).toThrow(
      'Invalid body field "changes.1.into": a page cannot move under itself or one of its descendants',
    );
    expect(() => updatePage(batch, { operation: 'update_page', page: 'zz', title: 'x' }, 2)).toThrow(
      'Invalid body field "changes.2.page": page zz is not in this change request',
    );
  });
});
