import { httpUrl, queryBoolean, z } from '@quire/input';

// resolvePublishedContentByUrl (POST) and getPublishedContentByUrl (GET, deprecated in the
// reference), client 0.202.0: `url` is the reference's URL (≤ 2048); the visitor's token comes as
// SiteVisitorPayload.jwtToken (POST) or `visitorAuthToken` (GET), else from the URL's `jwt_token`.
// `unsignedClaims` and `type` are accepted and play no part: Quire has no adaptive content yet.
const visitorToken = z.string().min(1).max(8192);

export const resolvePublishedUrlBody = z
  .object({
    url: httpUrl,
    redirectOnError: z.boolean().default(false),
    visitor: z
      .object({
        type: z.enum(['human', 'agent']).optional(),
        jwtToken: visitorToken.optional(),
        unsignedClaims: z.record(z.unknown()).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const getPublishedUrlQuery = z.object({
  url: httpUrl,
  visitorAuthToken: visitorToken.optional(),
  redirectOnError: queryBoolean.default('false'),
});
