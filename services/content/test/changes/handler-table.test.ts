import { deleteFile } from '../../src/modules/change-requests/domain/changes/delete-file';
import { deletePage } from '../../src/modules/change-requests/domain/changes/delete-page';
import { insertFiles } from '../../src/modules/change-requests/domain/changes/insert-files';
import { insertPage } from '../../src/modules/change-requests/domain/changes/insert-page';
import { revertPage } from '../../src/modules/change-requests/domain/changes/revert-page';
import { updatePage } from '../../src/modules/change-requests/domain/changes/update-page';
import { applyContentChanges, CHANGE_HANDLERS } from '../../src/modules/change-requests/domain/content-changes';
import { now, shape, tree } from './batch-fixture';

// The table applyContentChanges runs a batch by: one handler per operation, in order.

describe('content change handler table', () => {
  it('has one handler per operation', () => {
    expect(CHANGE_HANDLERS).toEqual({
      insert_page: insertPage,
      update_page: updatePage,
      delete_page: deletePage,
      insert_files: insertFiles,
      revert_page: revertPage,
      delete_file: deleteFile,
    });
  });

  it('applies the changes in order to one tree, a later change seeing what an earlier one did', () => {
    let n = 0;
    const draft = applyContentChanges(
      tree,
      [
        { operation: 'insert_page', document: '# New', ref: 'new' },
        { operation: 'update_page', page: 'n1', into: 'b' },
        { operation: 'delete_page', page: 'a' },
        { operation: 'delete_file', file: 'f1' },
      ],
      { now, newId: () => `n${++n}` },
    );
    expect(shape(draft.tree)).toEqual(['->b', 'b>new', '->l']);
    expect(draft.tree.files).toEqual([]);
    expect(draft.outcomes.map((o) => `${o.kind}:${o.pageId}`)).toEqual(['created:n1', 'deleted:a', 'deleted:a1', 'deleted:a11']);
  });
});
