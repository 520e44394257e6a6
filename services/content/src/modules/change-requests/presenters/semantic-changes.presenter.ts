import { pagePaths, presentFile, type ContentUrls, type StoredFile, type StoredPage } from '../../revisions';
import type { SemanticChange } from '../domain/semantic-changes';
import type { PresentedChangeRequest } from './change-request.presenter';

/** Reference ChangedRevisionPage: a page as the revision that has it paths it. */
function changedPage(page: StoredPage, paths: ReadonlyMap<string, string>) {
  const path = paths.get(page.id);
  return { id: page.id, type: page.kind, title: page.title, ...(path !== undefined ? { path } : {}) };
}

/** Reference ChangedRevisionFile: its download URL from the revision that has it (a deleted file: the one before). */
function changedFile(file: StoredFile, revisionId: string, c: ContentUrls) {
  const { id, name, contentType, downloadURL } = presentFile(file, revisionId, c);
  return { id, name, contentType, downloadURL };
}

export interface SemanticChangesView {
  after: { id: string; pages: readonly StoredPage[] };
  before: { id: string; pages: readonly StoredPage[] };
  limit: number;
  mergedFrom?: PresentedChangeRequest;
}

/** Reference RevisionSemanticChanges: the first `limit` changes, `more` counting the rest. */
export function presentSemanticChanges(changes: readonly SemanticChange[], view: SemanticChangesView, c: ContentUrls) {
  const [afterPaths, beforePaths] = [pagePaths(view.after.pages), pagePaths(view.before.pages)];
  const shown = changes.slice(0, view.limit).map((change) => {
    switch (change.type) {
      case 'page_created':
      case 'page_edited':
        return { ...change, page: changedPage(change.page, afterPaths) };
      case 'page_deleted':
        return { ...change, page: changedPage(change.page, beforePaths) };
      case 'page_moved': {
        const { before, after } = change.parent;
        const parent = { ...(before ? { before: changedPage(before, beforePaths) } : {}), ...(after ? { after: changedPage(after, afterPaths) } : {}) };
        return { type: change.type, page: changedPage(change.page, afterPaths), parent };
      }
      case 'file_deleted':
        return { ...change, file: changedFile(change.file, view.before.id, c) };
      default:
        return { ...change, file: changedFile(change.file, view.after.id, c) };
    }
  });
  const more = changes.length - shown.length;
  return { ...(view.mergedFrom ? { mergedFrom: view.mergedFrom } : {}), changes: shown, ...(more > 0 ? { more } : {}) };
}
