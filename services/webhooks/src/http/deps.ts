import type { MembershipResolver, ServiceContext } from '@quire/common';
import type { WebhookDeps } from '../domain/webhooks';

/** What the webhooks service's HTTP handlers use. */
export type WebhooksHttpDeps = Pick<ServiceContext, 'db' | 'urls' | 'clock'> &
  WebhookDeps & {
    membership: MembershipResolver;
  };
