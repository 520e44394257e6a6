import type { SqlExecutor } from '@quire/common';

export interface SpaceRow {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  emoji: string;
  visibility: string;
  default_level: string;
  edit_mode: string;
  position: string;
  revision_id: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** A space by id, deleted ones included (callers decide what a deleted space means). */
export async function findSpaceById(db: SqlExecutor, id: string): Promise<SpaceRow | null> {
  const { rows } = await db.query<SpaceRow>('SELECT * FROM spaces WHERE id = $1', [id]);
  return rows[0] ?? null;
}
