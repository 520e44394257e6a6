import { insertFiles } from '../../src/modules/change-requests/domain/changes/insert-files';
import { batchOf } from './batch-fixture';

// The `insert_files` handler alone.

describe('insert_files handler', () => {
  it('adds files under names not taken yet, the same bytes under the same name once, noting their refs', () => {
    const batch = batchOf();
    const bytes = Buffer.from('abc');
    const text = (name: string, ref?: string) => ({ name, contentType: 'text/plain', bytes, ...(ref ? { ref } : {}) });
    insertFiles(batch, { operation: 'insert_files', files: [text('logo.txt', 'r1'), text('new.txt'), text('new.txt')] }, 0);
    // logo.txt is the tree's file (other bytes): the new one gets another name.
    expect(batch.tree.files.map((f) => `${f.id}:${f.name}`)).toEqual(['f1:logo.txt', 'n1:logo-1.txt', 'n2:new.txt']);
    expect(batch.refs.get('r1')).toEqual({ file: 'n1' });
    expect(batch.finish().insertedFiles.map((f) => f.id)).toEqual(['n1', 'n2']);
  });

  it('refuses a ref used twice, naming the file', () => {
    const batch = batchOf();
    const file = { name: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('a'), ref: 'r' };
    expect(() => insertFiles(batch, { operation: 'insert_files', files: [file, { ...file, name: 'b.txt' }] }, 1)).toThrow(
      'Invalid body field "changes.1.files.1.ref": the ref "r" is used twice in this batch',
    );
  });
});
