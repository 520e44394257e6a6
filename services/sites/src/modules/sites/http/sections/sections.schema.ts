import { resourceId, text, z } from '@quire/input';
import { siteParams } from '../params.schema';
import { condition, icon, moveBody, sectionPointer, structurePath, trimmedText } from '../structure.schema';

// Reference addSectionToSite, updateSiteSectionById, moveSiteSection; spec §8: section title
// 2..128 (64 on create), description 256, path 1..100, condition 1..1024.

export const sectionParams = siteParams.extend({ siteSectionId: resourceId });

// `title` omitted or null: the space's title.
export const createSectionBody = z
  .object({ spaceId: resourceId, title: trimmedText({ min: 2, max: 64 }).nullable().optional(), icon: icon.optional() })
  .strict();

export const updateSectionBody = z
  .object({
    title: trimmedText({ min: 2, max: 128 }),
    path: structurePath,
    defaultSiteSpace: resourceId,
    condition,
    icon,
    description: text({ max: 256 }).nullable(),
  })
  .partial()
  .strict();

export const moveSectionBody = moveBody(sectionPointer);
