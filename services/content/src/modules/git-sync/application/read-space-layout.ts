import type { BlobStore } from '@quire/platform/blobs';
import type { SqlExecutor } from '@quire/platform/sql';
import { findBodies, type RevisionTree } from '../../revisions';
import { layoutOfTree, type SpaceLayout } from '../domain/space-layout';

/** A revision as the repository layout an export writes: its bodies and its files' bytes read. */
export async function readSpaceLayout(db: SqlExecutor, blobs: BlobStore, tree: RevisionTree): Promise<SpaceLayout> {
  const bodies = await findBodies(
    db,
    tree.pages.flatMap((p) => (p.body ? [p.body] : [])),
  );
  const bytes = new Map<string, Buffer>();
  for (const file of tree.files) {
    const stored = await blobs.get(file.blob);
    if (!stored) throw new Error(`file ${file.id} (${file.name}) has no stored bytes (blob ${file.blob})`);
    bytes.set(file.blob, stored);
  }
  return layoutOfTree(tree, bodies, bytes);
}
