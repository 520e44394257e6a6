import { queryBoolean, z } from '@quire/common';
import { contentId, defaultLevel } from '../content.schema';

// Reference: createCollection, updateCollectionById, listCollectionsInOrganizationById; limits of
// spec §8 (collection title 50, description 100).
const title = z.string().max(50);

export const createCollectionBody = z.object({ title: title.default(''), parent: contentId.nullable().optional() }).strict();

export const updateCollectionBody = z
  .object({ title, description: z.string().max(100), defaultLevel })
  .partial()
  .strict();

export const listCollectionsQuery = z.object({ nested: queryBoolean.default('true') }).passthrough();
