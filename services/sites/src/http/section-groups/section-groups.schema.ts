import { z } from '@quire/common';
import { icon, moveBody, structureId, topLevelPointer } from '../structure.schema';

// Reference addSectionGroupToSite, updateSiteSectionGroupById, addSectionToGroup,
// moveSiteSectionGroup; spec §8: section group title 1..100, icon 50. Groups do not nest here, so
// the reference's `parent` is not taken.

const title = z.string().trim().min(1).max(100);
// A site has at most as many sections as one page lists.
const MAX_SECTIONS = 1000;

export const createSectionGroupBody = z.object({ title, icon: icon.optional(), sections: z.array(structureId).max(MAX_SECTIONS).default([]) }).strict();

export const updateSectionGroupBody = z.object({ title, icon }).partial().strict();

export const addSectionToGroupBody = z.object({ sectionId: structureId }).strict();

// Spec: before/after a top-level item, a section outside groups or a group.
export const moveSectionGroupBody = moveBody(topLevelPointer);
