import { uniqueFileName } from '@quire/formats';
import type { StoredFile } from '../../../revisions';
import type { MergeConflict, MergeLabels } from './merge-conflict';
import { sameValue } from './page-fields';

// Files merge by id like pages, without places: the name and the content (blob, type, size,
// dimensions) each merge three-way; a file deleted on one side and changed on the other is kept.
// Names stay unique: a name the target holds keeps it, another file with that name is renamed.

export interface FilesMerge {
  files: StoredFile[];
  conflicts: MergeConflict[];
}

export function mergeFiles(base: readonly StoredFile[], target: readonly StoredFile[], source: readonly StoredFile[], labels: MergeLabels): FilesMerge {
  const baseById = new Map(base.map((f) => [f.id, f]));
  const targetById = new Map(target.map((f) => [f.id, f]));
  const sourceById = new Map(source.map((f) => [f.id, f]));
  const merged: StoredFile[] = [];
  const conflicts: MergeConflict[] = [];
  const conflict = (file: StoredFile, message: string) => conflicts.push({ pageId: file.id, title: file.name, kind: 'file', message });

  for (const file of target) {
    const [before, other] = [baseById.get(file.id), sourceById.get(file.id)];
    if (other) merged.push(mergeFile(before, file, other, conflict, labels));
    else if (!before) merged.push(file);
    else if (fileChanged(before, file)) {
      conflict(file, `File "${file.name}" was deleted in ${labels.source} and changed in ${labels.target}; it is kept.`);
      merged.push(file);
    }
  }
  for (const file of source) {
    if (targetById.has(file.id)) continue;
    const before = baseById.get(file.id);
    if (!before) merged.push(file);
    else if (fileChanged(before, file)) {
      conflict(file, `File "${file.name}" was deleted in ${labels.target} and changed in ${labels.source}; it is kept.`);
      merged.push(file);
    }
  }
  return { files: withUniqueNames(merged, targetById), conflicts };
}

type ConflictSink = (file: StoredFile, message: string) => void;

function mergeFile(before: StoredFile | undefined, target: StoredFile, source: StoredFile, conflict: ConflictSink, labels: MergeLabels): StoredFile {
  let file = target;
  const [t, s, b] = [fileContent(target), fileContent(source), before && fileContent(before)];
  if (!sameValue(t, s) && !(b && sameValue(b, s))) {
    if (b && sameValue(b, t)) file = { id: file.id, name: file.name, ...s };
    else conflict(target, `File "${target.name}" was replaced differently in ${labels.target} and ${labels.source}; ${labels.target}'s is kept.`);
  }
  if (target.name !== source.name && before?.name !== source.name) {
    if (before?.name === target.name) file = { ...file, name: source.name };
    else conflict(target, `File "${target.name}" was renamed to "${source.name}" in ${labels.source}; ${labels.target}'s name is kept.`);
  }
  return file;
}

function fileContent(file: StoredFile): Omit<StoredFile, 'id' | 'name'> {
  const { id: _id, name: _name, ...content } = file;
  return content;
}

function fileChanged(before: StoredFile, after: StoredFile): boolean {
  return !sameValue(before, after);
}

function withUniqueNames(files: StoredFile[], targetById: ReadonlyMap<string, StoredFile>): StoredFile[] {
  const keepsTargetName = (f: StoredFile) => targetById.get(f.id)?.name === f.name;
  const taken = new Set(files.filter(keepsTargetName).map((f) => f.name));
  return files.map((f) => (keepsTargetName(f) ? f : { ...f, name: uniqueFileName(f.name, taken) }));
}
