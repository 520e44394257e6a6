import { queryBoolean, resourceId, z } from '@quire/input';
import { siteParams } from '../params.schema';
import { condition, moveBody, siteSpacePointer, structureListQuery, structurePath } from '../structure.schema';

// Reference listSiteSpaces, addSpaceToSite, updateSiteSpaceById, moveSiteSpace; spec §8: site
// space path 1..100, condition 1..1024.

export const siteSpaceParams = siteParams.extend({ siteSpaceId: resourceId });

// `default`: true only default site spaces, false only the others, omitted all.
export const listSiteSpacesQuery = structureListQuery.extend({ default: queryBoolean.optional() });

export const addSiteSpaceBody = z.object({ spaceId: resourceId, sectionId: resourceId.optional() }).strict();

export const updateSiteSpaceBody = z.object({ path: structurePath, condition }).partial().strict();

export const moveSiteSpaceBody = moveBody(siteSpacePointer);

// Reference duplicateSiteSpace: `draft` is taken and has no effect, as a site's structure has no drafts here.
export const duplicateSiteSpaceBody = z.object({ draft: z.boolean().optional() }).strict().optional();
