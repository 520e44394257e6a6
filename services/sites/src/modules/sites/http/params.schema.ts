import { resourceId, z } from '@quire/input';

// Path parameters of the sites routes (reference parameters organizationId, siteId, …): an id
// that does not look like one names nothing, so route() answers 404 before any query.

export const orgParams = z.object({ organizationId: resourceId });

export const siteParams = orgParams.extend({ siteId: resourceId });
