import { resourceId, z } from '@quire/input';
import { siteParams } from '../params.schema';
import { icon, moveBody, topLevelPointer, trimmedText } from '../structure.schema';

// Reference addSectionGroupToSite, updateSiteSectionGroupById, addSectionToGroup,
// moveSiteSectionGroup; spec §8: section group title 1..100, icon 50. Groups do not nest here, so
// the reference's `parent` is not taken.

export const sectionGroupParams = siteParams.extend({ siteSectionGroupId: resourceId });
export const groupSectionParams = sectionGroupParams.extend({ siteSectionId: resourceId });

const title = trimmedText({ min: 1, max: 100 });
// A site has at most as many sections as one page lists.
const MAX_SECTIONS = 1000;

export const createSectionGroupBody = z.object({ title, icon: icon.optional(), sections: z.array(resourceId).max(MAX_SECTIONS).default([]) }).strict();

export const updateSectionGroupBody = z.object({ title, icon }).partial().strict();

export const addSectionToGroupBody = z.object({ sectionId: resourceId }).strict();

// Spec: before/after a top-level item, a section outside groups or a group.
export const moveSectionGroupBody = moveBody(topLevelPointer);
