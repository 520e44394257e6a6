import type { PageRequest } from '@quire/input';
import type { Paged } from '@quire/platform/sql';
import { authorizeWebhooks } from '../policies/webhooks.policy';
import { listWebhookRows } from '../store/webhooks.store';
import type { Webhook } from '../model/webhook';
import type { Caller, WebhookDeps } from './deps';

/** A page of the organization's webhooks, for its admins. */
export async function listWebhooks(
  deps: Pick<WebhookDeps, 'db' | 'membership'>,
  caller: Caller,
  organizationId: string,
  page: PageRequest,
): Promise<Paged<Webhook>> {
  await authorizeWebhooks(deps, organizationId, caller.userId);
  return listWebhookRows(deps.db, organizationId, page);
}
