import { httpUrl, pageQuery, resourceId, spaceMergeRulesConfiguration, text, z } from '@quire/input';
import { defaultLevel, emoji } from '../../content-tree';
import { IN_COLLECTION_ONLY } from '../application/update-space';
import type { SpaceChanges } from '../model/space-changes';

// Reference: createSpace (CreateSpace), updateSpaceById, Space; limits of spec §8 (title 50,
// emoji 50), counted in code points.

export const CONTENT_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const;

const title = text({ max: 50 });
const editMode = z.enum(['live', 'locked']);
const visibility = z.enum(CONTENT_VISIBILITIES);

export const createSpaceBody = z
  .object({
    title: title.default(''),
    emoji: emoji.optional(),
    parent: resourceId.nullable().optional(),
    visibility: visibility.default('private'),
    defaultLevel: defaultLevel.default('inherit'),
    editMode: editMode.default('live'),
  })
  .strict()
  .refine((b) => b.visibility !== 'in-collection' || !!b.parent, { message: `${IN_COLLECTION_ONLY} (give "parent")`, path: ['visibility'] });

// `emoji` and `icon` replace each other; null removes one (reference: updateSpaceById oneOf).
export const updateSpaceBody = z
  .object({ title, emoji: emoji.nullable(), icon: httpUrl.nullable(), editMode, defaultLevel, visibility, mergeRules: spaceMergeRulesConfiguration })
  .partial()
  .strict()
  .refine((b) => !(b.emoji && b.icon), { message: 'give either "emoji" or "icon", not both', path: ['icon'] });

export type UpdateSpaceBody = z.infer<typeof updateSpaceBody>;
export const getSpaceQuery = z.object({ shareKey: text({ max: 256 }).optional() }).passthrough();

/** The changes a PATCH body asks for; setting an emoji clears the icon and the reverse. */
export function spaceChangesFrom(body: UpdateSpaceBody): SpaceChanges {
  const changes: SpaceChanges = {
    title: body.title,
    editMode: body.editMode,
    defaultLevel: body.defaultLevel,
    visibility: body.visibility,
    mergeRules: body.mergeRules,
  };
  if (body.emoji !== undefined) {
    changes.emoji = body.emoji ?? '';
    if (body.emoji) changes.iconUrl = null;
  }
  if (body.icon !== undefined) {
    changes.iconUrl = body.icon;
    if (body.icon) changes.emoji = '';
  }
  return changes;
}

/** listSpacesForOrganizationMember: the organization and the member, and the reference's `order` (accepted; the list is in tree order). */
export const memberSpacesParams = z.object({ organizationId: resourceId, userId: resourceId });
export const memberSpacesQuery = pageQuery.extend({ order: z.enum(['asc', 'desc']).optional() });
