import type { ServiceContext } from '@quire/platform/runtime';
import type { WebhookDeps } from '../application/deps';

/** What the webhooks service's HTTP handlers use: the use cases' dependencies, the URLs and the clock. */
export type WebhooksHttpDeps = Pick<ServiceContext, 'urls' | 'clock'> & WebhookDeps;
