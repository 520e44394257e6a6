import { ChangeChecks } from './change-checks';
import type { ChangeOf } from './change-types';
import type { ContentBatch } from './content-batch';

/** `delete_file` (Git Sync's import only): a file the repository lost; its name is free again. */
export function deleteFile(batch: ContentBatch, change: ChangeOf<'delete_file'>, index: number): void {
  const file = batch.files.findIndex((f) => f.id === change.file);
  if (file < 0) throw new ChangeChecks(batch, index).fail('file', `file ${change.file} is not in this change request`);
  batch.takenNames.delete(batch.files[file]!.name);
  batch.files.splice(file, 1);
  batch.tree = { pages: batch.tree.pages, files: batch.files };
}
