import { z } from '@quire/common';
import { updateOrganizationBody } from '../orgs/orgs.schema';

// The path parameter is validated as the organizations' own `emailDomains` entries are.
const emailDomain = updateOrganizationBody.shape.emailDomains.unwrap().element;

export const emailDomainParams = z.object({ emailDomain }).passthrough();
