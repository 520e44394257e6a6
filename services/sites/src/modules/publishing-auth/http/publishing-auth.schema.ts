import { httpUrl, z } from '@quire/input';

// updateSitePublishingAuthById (reference SitePublishingAuthUpdate): `backend` is required; Quire
// has no integrations, so only the custom backend exists. A URL left out stays, null unsets it.
export const updatePublishingAuthBody = z
  .object({
    backend: z.enum(['custom'], { errorMap: () => ({ message: 'must be "custom" (Quire has no visitor-auth integrations)' }) }),
    fallbackURL: httpUrl.nullable().optional(),
    logoutURL: httpUrl.nullable().optional(),
  })
  .strict();
