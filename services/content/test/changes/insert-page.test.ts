import { insertPage } from '../../src/modules/change-requests/domain/changes/insert-page';
import { batchOf, now, shape } from './batch-fixture';

// The `insert_page` handler alone.

describe('insert_page handler', () => {
  it('adds a page at an index under a parent, titled by the leading heading, its body sent for the end', () => {
    const batch = batchOf();
    insertPage(batch, { operation: 'insert_page', into: 'a', at: 0, document: '# Getting started\n\nHello.', title: 'ignored' }, 0);
    expect(shape(batch.tree)).toEqual(['->a', 'a>getting-started', 'a>a1', 'a1>a11', '->b', '->l']);
    expect(batch.findPage('n1')).toMatchObject({ title: 'Getting started', kind: 'document', createdAt: now.toISOString() });
    expect(batch.sentBodies.get('n1')).toBe('Hello.');
    expect(batch.finish().outcomes).toEqual([{ kind: 'created', pageId: 'n1' }]);
  });

  it('appends at the top level, the slug made unique, the title from the field or Untitled, and notes its ref', () => {
    const batch = batchOf();
    insertPage(batch, { operation: 'insert_page', document: 'No heading.', title: 'B', ref: 'new.md' }, 0);
    insertPage(batch, { operation: 'insert_page', document: '' }, 1);
    expect(shape(batch.tree).slice(-2)).toEqual(['->b-1', '->untitled']);
    expect(batch.refs.get('new.md')).toEqual({ page: 'n1' });
    expect(batch.finish().outcomes).toEqual([
      { kind: 'created', pageId: 'n1', ref: 'new.md' },
      { kind: 'created', pageId: 'n2' },
    ]);
  });

  it('refuses a link parent, a group under a parent, a taken slug and a ref used twice, naming the change', () => {
    const batch = batchOf();
    expect(() => insertPage(batch, { operation: 'insert_page', document: '', into: 'l' }, 2)).toThrow(
      'Invalid body field "changes.2.into": a link page has no subpages',
    );
    expect(() => insertPage(batch, { operation: 'insert_page', document: '', into: 'a', kind: 'group' }, 0)).toThrow('a group stays at the top level');
    expect(() => insertPage(batch, { operation: 'insert_page', document: '', slug: 'b' }, 1)).toThrow(
      'Invalid body field "changes.1.slug": another page under the same parent has the slug "b"',
    );
    insertPage(batch, { operation: 'insert_page', document: '', ref: 'x' }, 3);
    expect(() => insertPage(batch, { operation: 'insert_page', document: '', ref: 'x' }, 4)).toThrow('the ref "x" is used twice in this batch');
    expect(batch.tree.pages).toHaveLength(6);
  });
});
