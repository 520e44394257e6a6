import { resourceId, z } from '@quire/input';

/** `/v1/orgs/:organizationId/sites/:siteId/insights/...`: a malformed id names nothing (404). */
export const siteParams = z.object({ organizationId: resourceId, siteId: resourceId });
