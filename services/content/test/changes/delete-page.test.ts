import { deletePage } from '../../src/modules/change-requests/domain/changes/delete-page';
import { insertPage } from '../../src/modules/change-requests/domain/changes/insert-page';
import { batchOf, shape } from './batch-fixture';

// The `delete_page` handler alone.

describe('delete_page handler', () => {
  it('removes a page with its subpages, each noted deleted', () => {
    const batch = batchOf();
    deletePage(batch, { operation: 'delete_page', page: 'a' }, 0);
    expect(shape(batch.tree)).toEqual(['->b', '->l']);
    expect(
      batch
        .finish()
        .outcomes.map((o) => `${o.kind}:${o.pageId}`)
        .sort(),
    ).toEqual(['deleted:a', 'deleted:a1', 'deleted:a11']);
  });

  it('leaves no trace of a page created and deleted in the same batch', () => {
    const batch = batchOf();
    insertPage(batch, { operation: 'insert_page', document: 'x' }, 0);
    deletePage(batch, { operation: 'delete_page', page: 'n1' }, 1);
    expect(batch.finish().outcomes).toEqual([]);
  });

  it('refuses a page that is not in the change request', () => {
    expect(() => deletePage(batchOf(), { operation: 'delete_page', page: 'zz' }, 3)).toThrow(
      'Invalid body field "changes.3.page": page zz is not in this change request',
    );
  });
});
