import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// Download links that work without a bearer token, like presigned URLs: the path and an expiry
// signed with a key derived from INTERNAL_SECRET. The gateway lets such routes through without
// authentication; the service that answers checks the signature before reading anything.

/**
 * The query of a signed link, as every signed route declares it: the one source of these
 * parameters in Quire's OpenAPI document. The gateway answers 403 before the service when either
 * is missing, given twice or wrong, so the service only ever sees both.
 */
export const signedUrlQuery = z.object({
  expires: z.string().describe('When the link expires (Unix seconds), as signed'),
  signature: z.string().describe('The signature of the path and expiry'),
});

export type SignedUrlQuery = z.infer<typeof signedUrlQuery>;

function signature(path: string, expires: number, secret: string): string {
  const key = createHmac('sha256', secret).update('signed-url').digest();
  return createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');
}

/** `?expires=…&signature=…` for `path` (without the query), valid for `ttlSeconds`. */
export function signUrlPath(path: string, secret: string, ttlSeconds: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return `${path}?expires=${expires}&signature=${signature(path, expires, secret)}`;
}

export function verifySignedUrl(path: string, query: Partial<SignedUrlQuery>, secret: string, now = Date.now()): boolean {
  const { expires, signature: given } = query;
  if (typeof expires !== 'string' || typeof given !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) < Math.floor(now / 1000)) return false;
  const expected = Buffer.from(signature(path, Number(expires), secret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
