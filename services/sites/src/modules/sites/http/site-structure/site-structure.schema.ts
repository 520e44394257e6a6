import { resourceId, z } from '@quire/input';
import type { SortableItem } from '../../application/sort-site-structure';
import type { StructureAnchor } from '../../domain/site-structure';

// Reference sortSiteStructure: `item` and `position.before`/`position.after` are
// SiteStructureItemPointer `{type, id}`; the anchors name siblings of the item (keyForPosition).

const pointerType = z.enum(['site-space', 'site-section', 'site-section-group', 'site-external-link']);
const itemPointer = z
  .object({ type: pointerType, id: resourceId })
  .strict()
  .transform((p): SortableItem => ({ kind: p.type, id: p.id }));
// An anchor that is no sibling of the item is a 400 from keyForPosition.
const anchorPointer = z
  .object({ type: pointerType, id: resourceId })
  .strict()
  .transform((p): StructureAnchor => ({ kind: p.type, id: p.id }));

export const sortSiteStructureBody = z
  .object({ item: itemPointer, position: z.object({ before: anchorPointer.optional(), after: anchorPointer.optional() }).strict() })
  .strict();
