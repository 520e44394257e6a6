import { addFile } from '../../../revisions';
import { ChangeChecks } from './change-checks';
import type { ChangeOf } from './change-types';
import type { ContentBatch } from './content-batch';

/**
 * `insert_files`: files (their bytes read and stored by the caller) added under names not taken yet;
 * the same bytes added twice are one file. A file's `ref` names it for the links of the batch's bodies.
 */
export function insertFiles(batch: ContentBatch, change: ChangeOf<'insert_files'>, index: number): void {
  const check = new ChangeChecks(batch, index);
  change.files.forEach((file, i) => {
    if (file.ref !== undefined) check.ref(file.ref, `files.${i}.ref`);
    const stored = addFile({ ...file, source: `batch:${index}/${i}` }, batch.files, batch.takenNames, [], batch.ctx);
    if (!batch.insertedFiles.includes(stored)) batch.insertedFiles.push(stored);
    if (file.ref !== undefined) batch.refs.set(file.ref, { file: stored.id });
  });
  batch.tree = { pages: batch.tree.pages, files: batch.files };
}
