import { resourceId } from '@quire/input';
import { orgParams } from '../../accounts';

// Path parameters of the team routes (reference teamId, userId): a malformed id names nothing (404).
export const teamParams = orgParams.extend({ teamId: resourceId });

export const teamMemberParams = teamParams.extend({ userId: resourceId });
