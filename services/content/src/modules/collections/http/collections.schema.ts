import { pageQuery, queryBoolean, resourceId, text, z } from '@quire/input';
import { defaultLevel } from '../../content-tree';

// Reference: createCollection, updateCollectionById, listCollectionsInOrganizationById; limits of
// spec §8 (collection title 50, description 100), counted in code points.
const title = text({ max: 50 });

export const createCollectionBody = z.object({ title: title.default(''), parent: resourceId.nullable().optional() }).strict();

export const updateCollectionBody = z
  .object({ title, description: text({ max: 100 }), defaultLevel })
  .partial()
  .strict();

export const listCollectionsQuery = pageQuery.extend({ nested: queryBoolean.default('true') });
