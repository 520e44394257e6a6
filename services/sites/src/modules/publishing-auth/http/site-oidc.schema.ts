import { httpUrl, z } from '@quire/input';

// PUT …/publishing/auth/oidc (a Quire extension): the OpenID provider readers of a visitor-auth
// site sign in with. Scope and claim names are single tokens (RFC 6749 §3.3 scope-token).
const token = z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,128}$/, 'must be a name without spaces or quotes, 1 to 128 characters');

export const putSiteOidcBody = z
  .object({
    issuer: httpUrl,
    clientId: z.string().min(1).max(512),
    clientSecret: z.string().min(1).max(2048),
    scopes: z.array(token).max(32).optional(),
    claims: z.array(token).max(64).optional(),
  })
  .strict();
