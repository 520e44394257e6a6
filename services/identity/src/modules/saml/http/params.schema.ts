import { resourceId } from '@quire/input';
import { orgParams } from '../../accounts';

// Path parameter samlProviderId (reference): a malformed id names nothing (404).
export const samlProviderParams = orgParams.extend({ samlProviderId: resourceId });
