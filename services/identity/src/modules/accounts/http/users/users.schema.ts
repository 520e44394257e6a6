import { httpUrl, z } from '@quire/input';
import { trimmedText } from '../params.schema';

// updateUserById: displayName 1..64 code points, photoURL a URL of at most 2048; at least one of them.
export const updateUserBody = z
  .object({ displayName: trimmedText({ min: 1, max: 64 }), photoURL: httpUrl })
  .partial()
  .strict()
  .refine((body) => body.displayName !== undefined || body.photoURL !== undefined, 'must set at least one of displayName, photoURL');
