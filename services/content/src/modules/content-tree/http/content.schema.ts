import { ROLES } from '@quire/access';
import { resourceId, text, z } from '@quire/input';

// Shapes shared by the collection and space routes (reference: ContentPosition, DefaultLevel,
// SpacePointer, CollectionPointer, and the path parameters organizationId, collectionId, spaceId).
// A path id that does not look like one names nothing: route() answers 404 before any query.

export const orgParams = z.object({ organizationId: resourceId });
export const collectionParams = z.object({ collectionId: resourceId });
export const spaceParams = z.object({ spaceId: resourceId });

const pointer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('space'), space: resourceId }).strict(),
  z.object({ type: z.literal('collection'), collection: resourceId }).strict(),
]);

export const contentPosition = z.object({ before: pointer.optional(), after: pointer.optional() }).strict();

/** Reference DefaultLevel: a role, `inherit` (no cap of the content's own; the default of new content) or null (private: only grants give access). */
export const defaultLevel = z.enum([...ROLES, 'inherit']).nullable();

// An emoji character sequence (with modifiers, joiners, keycaps, flags) or its code points in
// hex ("1f389", "1f468-200d-1f469"), as the reference's Emoji examples show.
const EMOJI_SEQUENCE = /^[\p{Extended_Pictographic}\p{Emoji_Component}]+$/u;
const CODE_POINTS = /^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*$/i;

/** Reference: Emoji (a space's `emoji`, a comment reaction), at most 50 code points. */
export const emoji = text({ min: 1, max: 50 }).refine((e) => EMOJI_SEQUENCE.test(e) || CODE_POINTS.test(e), 'must be an emoji or its Unicode code points');

/** Body of POST /collections/{id}/move and /spaces/{id}/move (reference: at least one property). */
export const moveBody = z
  .object({ parent: resourceId.nullable(), position: contentPosition })
  .partial()
  .strict()
  .refine((b) => b.parent !== undefined || b.position !== undefined, { message: 'give "parent", "position" or both', path: ['parent'] });

/** Body of POST /collections/{id}/transfer and /spaces/{id}/transfer. */
export const transferBody = z.object({ organization: resourceId }).strict();

export type MoveBody = z.infer<typeof moveBody>;
