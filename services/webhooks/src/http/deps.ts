import type { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext } from '@quire/platform/runtime';
import type { WebhookDeps } from '../domain/webhooks';

/** What the webhooks service's HTTP handlers use. */
export type WebhooksHttpDeps = Pick<ServiceContext, 'db' | 'urls' | 'clock'> &
  WebhookDeps & {
    membership: MembershipResolver;
  };
