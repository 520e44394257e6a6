import { queryBoolean, z } from '@quire/common';
import { condition, moveBody, shareKeyQuery, siteSpacePointer, structureId, structurePath } from '../structure.schema';

// Reference listSiteSpaces, addSpaceToSite, updateSiteSpaceById, moveSiteSpace; spec §8: site
// space path 1..100, condition 1..1024.

// `default`: true only default site spaces, false only the others, omitted all.
export const listSiteSpacesQuery = shareKeyQuery.extend({ default: queryBoolean.optional() });

export const addSiteSpaceBody = z.object({ spaceId: structureId, sectionId: structureId.optional() }).strict();

export const updateSiteSpaceBody = z.object({ path: structurePath, condition }).partial().strict();

export const moveSiteSpaceBody = moveBody(siteSpacePointer);
