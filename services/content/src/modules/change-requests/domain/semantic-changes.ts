import type { RevisionTree, StoredFile, StoredPage } from '../../revisions';

// What changed between two revisions of a space, as the reference's RevisionSemanticChange lists
// it (page created / edited / deleted / moved, file created / edited / deleted), computed from the
// two manifests: nothing is recorded when content is written. Pure; the presenter adds paths and
// download URLs.

type Attribute<T> = { before?: T; after?: T };

export type SemanticChange =
  | { type: 'page_created' | 'page_deleted'; page: StoredPage }
  | { type: 'page_edited'; page: StoredPage; attributes: Record<string, Attribute<string>> }
  | { type: 'page_moved'; page: StoredPage; parent: { before?: StoredPage; after?: StoredPage } }
  | { type: 'file_created' | 'file_deleted'; file: StoredFile }
  | { type: 'file_edited'; file: StoredFile; attributes: Record<string, Attribute<string | number>> };

// The page fields each kind of page reports (reference RevisionPage{Document,Group,Link}ChangeAttributes).
const PAGE_FIELDS: Record<StoredPage['kind'], readonly (keyof StoredPage)[]> = {
  document: ['title', 'description', 'slug', 'emoji'],
  group: ['title', 'emoji', 'slug'],
  link: ['title', 'emoji'],
};

/** The changes from `before` to `after`: pages in the after tree's order (deleted ones last), then files. */
export function semanticChanges(before: RevisionTree, after: RevisionTree): SemanticChange[] {
  const old = new Map(before.pages.map((p) => [p.id, p]));
  const current = new Map(after.pages.map((p) => [p.id, p]));
  const changes: SemanticChange[] = [];
  for (const page of after.pages) {
    const was = old.get(page.id);
    if (!was) {
      changes.push({ type: 'page_created', page });
      continue;
    }
    if (was.parentId !== page.parentId) {
      changes.push({ type: 'page_moved', page, parent: { before: parentOf(was, old), after: parentOf(page, current) } });
    }
    const attributes = pageAttributes(was, page);
    if (Object.keys(attributes).length) changes.push({ type: 'page_edited', page, attributes });
  }
  for (const page of before.pages) if (!current.has(page.id)) changes.push({ type: 'page_deleted', page });
  return [...changes, ...fileChanges(before.files, after.files)];
}

function parentOf(page: StoredPage, pages: ReadonlyMap<string, StoredPage>): StoredPage | undefined {
  return page.parentId ? pages.get(page.parentId) : undefined;
}

function pageAttributes(was: StoredPage, page: StoredPage): Record<string, Attribute<string>> {
  const attributes: Record<string, Attribute<string>> = {};
  for (const field of PAGE_FIELDS[page.kind]) {
    const [a, b] = [was[field], page[field]];
    if (a !== b) attributes[field] = { ...(a === undefined ? {} : { before: String(a) }), ...(b === undefined ? {} : { after: String(b) }) };
  }
  // A body is compared by its hash: the document changed, its text is read from the revisions.
  if (page.kind === 'document' && was.body !== page.body)
    attributes.document = { ...(was.body ? { before: was.body } : {}), ...(page.body ? { after: page.body } : {}) };
  return attributes;
}

function fileChanges(before: readonly StoredFile[], after: readonly StoredFile[]): SemanticChange[] {
  const old = new Map(before.map((f) => [f.id, f]));
  const current = new Set(after.map((f) => f.id));
  const changes: SemanticChange[] = [];
  for (const file of after) {
    const was = old.get(file.id);
    if (!was) {
      changes.push({ type: 'file_created', file });
      continue;
    }
    const attributes: Record<string, Attribute<string | number>> = {};
    if (was.name !== file.name) attributes.name = { before: was.name, after: file.name };
    if (was.contentType !== file.contentType) attributes.contentType = { before: was.contentType, after: file.contentType };
    if (was.size !== file.size || was.blob !== file.blob) attributes.size = { before: was.size, after: file.size };
    if (Object.keys(attributes).length) changes.push({ type: 'file_edited', file, attributes });
  }
  for (const file of before) if (!current.has(file.id)) changes.push({ type: 'file_deleted', file });
  return changes;
}
