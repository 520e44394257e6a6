import { pageQuery, resourceId, text, z } from '@quire/input';
import { siteParams } from '../params.schema';
import { trimmedText } from '../structure.schema';

export const shareLinkParams = siteParams.extend({ shareLinkId: resourceId });

// Reference ShareLinkName: at most 50 characters (spec §8).
const name = trimmedText({ max: 50 });

// createSiteShareLink: `name` is required.
export const createShareLinkBody = z.object({ name }).strict();

// updateSiteShareLinkById: at least one of `active`, `name` (reference minProperties 1).
export const updateShareLinkBody = z
  .object({ active: z.boolean().optional(), name: name.optional() })
  .strict()
  .refine((body) => body.active !== undefined || body.name !== undefined, 'must set "active" or "name"');

// listSiteShareLinks: `search` (by name or key) is a parameter of today's client (0.202.0), honoured.
export const listShareLinksQuery = pageQuery.extend({ search: text({ min: 1, max: 100 }).optional() });
