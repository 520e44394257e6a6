import { ROLES, z } from '@quire/common';

// Shapes shared by the collection and space bodies (reference: ContentPosition, DefaultLevel,
// SpacePointer, CollectionPointer).

const pointer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('space'), space: z.string().min(1).max(64) }).strict(),
  z.object({ type: z.literal('collection'), collection: z.string().min(1).max(64) }).strict(),
]);

export const contentPosition = z.object({ before: pointer.optional(), after: pointer.optional() }).strict();

/** A role, or `inherit` (no cap of the content's own; the default of new content). */
export const defaultLevel = z.enum([...ROLES, 'inherit']);

export const contentId = z.string().min(1).max(64);

/** Body of POST /collections/{id}/move and /spaces/{id}/move (reference: at least one property). */
export const moveBody = z
  .object({ parent: contentId.nullable(), position: contentPosition })
  .partial()
  .strict()
  .refine((b) => b.parent !== undefined || b.position !== undefined, { message: 'give "parent", "position" or both', path: ['parent'] });

/** Body of POST /collections/{id}/transfer and /spaces/{id}/transfer. */
export const transferBody = z.object({ organization: contentId }).strict();

export type MoveBody = z.infer<typeof moveBody>;
