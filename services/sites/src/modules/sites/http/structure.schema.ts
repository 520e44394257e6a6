import { lengthIn, pageQuery, resourceId, text, z } from '@quire/input';
import type { StructureAnchor } from '../domain/site-structure';

// Shapes shared by the section, section-group and site-space bodies (reference SiteSectionPath,
// SiteSpacePath, Expression, Icon and the move pointers; limits of spec §8). Lengths count code
// points (text(), lengthIn()).

/** A title trimmed first, then counted in code points. */
export function trimmedText(limits: { min?: number; max?: number }) {
  return z.string().trim().superRefine(lengthIn(limits));
}

// Spec: path 1..100. Paths are URL segments of the published site, so they keep to the characters
// a path segment takes unescaped (RFC 3986 "unreserved"), as the paths made from titles do.
export const structurePath = z
  .string()
  .regex(/^[A-Za-z0-9._~-]*$/, 'must contain only letters, digits, "-", "_", "." and "~"')
  .superRefine(lengthIn({ min: 1, max: 100 }))
  .refine((p) => p !== '.' && p !== '..', 'must not be "." or ".."');

// Spec: condition 1..1024; null removes it (omitted: unchanged).
export const condition = text({ min: 1, max: 1024 }).nullable();

// Reference Icon: an icon name of at most 50 characters; null removes it.
export const icon = text({ min: 1, max: 50 }).nullable();

// `shareKey` (reference siteShareKey): for share-link sites, puts the key in published URLs.
const shareKey = text({ min: 1, max: 256 });
export const shareKeyQuery = z.object({ shareKey: shareKey.optional() });

/** A paginated structure list: page, limit and `shareKey`. */
export const structureListQuery = pageQuery.extend({ shareKey: shareKey.optional() });

/** A move body (reference Site*MovePosition): `position` with optional `before`/`after` pointers; omitted: the end. */
export function moveBody<P extends z.ZodType<StructureAnchor, z.ZodTypeDef, unknown>>(pointer: P) {
  return z.object({ position: z.object({ before: pointer.optional(), after: pointer.optional() }).strict().optional() }).strict();
}

// Reference SiteSectionPointer, SiteSpacePointer, SiteSectionGroupPointer.
export const sectionPointer = z
  .object({ type: z.literal('site-section'), siteSection: resourceId })
  .strict()
  .transform((p): StructureAnchor => ({ kind: 'site-section', id: p.siteSection }));

export const siteSpacePointer = z
  .object({ type: z.literal('site-space'), siteSpace: resourceId })
  .strict()
  .transform((p): StructureAnchor => ({ kind: 'site-space', id: p.siteSpace }));

export const topLevelPointer = z
  .object({ type: z.enum(['site-section', 'site-section-group']), id: resourceId })
  .strict()
  .transform((p): StructureAnchor => ({ kind: p.type, id: p.id }));
