import type { StoredPage } from '../src/modules/revisions/model/revision-tree';

/** A page of a test tree: its id is its title and slug, its body hash `h-<id>`. */
export const storedPage = (id: string, parentId: string | null, kind: StoredPage['kind'] = 'document'): StoredPage => ({
  id,
  parentId,
  kind,
  title: id,
  slug: id,
  body: `h-${id}`,
});
