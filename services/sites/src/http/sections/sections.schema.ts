import { z } from '@quire/common';
import { condition, icon, moveBody, sectionPointer, structureId, structurePath } from '../structure.schema';

// Reference addSectionToSite, updateSiteSectionById, moveSiteSection; spec §8: section title
// 2..128 (64 on create), description 256, path 1..100, condition 1..1024.

const title = z.string().trim().min(2).max(128);

// `title` omitted or null: the space's title.
export const createSectionBody = z
  .object({ spaceId: structureId, title: z.string().trim().min(2).max(64).nullable().optional(), icon: icon.optional() })
  .strict();

export const updateSectionBody = z
  .object({ title, path: structurePath, defaultSiteSpace: structureId, condition, icon, description: z.string().max(256).nullable() })
  .partial()
  .strict();

export const moveSectionBody = moveBody(sectionPointer);
