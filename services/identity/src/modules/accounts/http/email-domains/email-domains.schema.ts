import { z } from '@quire/input';
import { emailDomain } from '../orgs/orgs.schema';

// The path segment is a value rather than an id: route() takes any string (NUL is its 404), and the
// handler checks it as the organizations' own `emailDomains` entries are, so a malformed domain is a
// 400 naming "emailDomain" rather than a 404.
export const emailDomainParams = z.object({ emailDomain: z.string() });

export const emailDomainValue = z.object({ emailDomain });
