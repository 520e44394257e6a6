import { deleteFile } from '../../src/modules/change-requests/domain/changes/delete-file';
import { insertFiles } from '../../src/modules/change-requests/domain/changes/insert-files';
import { batchOf } from './batch-fixture';

// The `delete_file` handler alone.

describe('delete_file handler', () => {
  it('removes a file, its name free again', () => {
    const batch = batchOf();
    deleteFile(batch, { operation: 'delete_file', file: 'f1' }, 0);
    expect(batch.tree.files).toEqual([]);
    insertFiles(batch, { operation: 'insert_files', files: [{ name: 'logo.txt', contentType: 'text/plain', bytes: Buffer.from('new') }] }, 1);
    expect(batch.tree.files.map((f) => f.name)).toEqual(['logo.txt']);
  });

  it('refuses a file that is not in the change request', () => {
    expect(() => deleteFile(batchOf(), { operation: 'delete_file', file: 'zz' }, 2)).toThrow(
      'Invalid body field "changes.2.file": file zz is not in this change request',
    );
  });
});
