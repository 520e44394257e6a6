import type { Principal } from '@quire/access';
import type { MembershipResolver } from '@quire/platform/membership';
import type { OutboundAddressPolicy } from '@quire/platform/outbound';
import type { SqlDatabase } from '@quire/platform/sql';
import type { Resolve } from '../domain/endpoint-address';

/** What webhooks' use cases take (service.ts builds it once). */
export interface WebhookDeps {
  db: SqlDatabase;
  membership: Pick<MembershipResolver, 'membership'>;
  policy: OutboundAddressPolicy;
  /** INTERNAL_SECRET: the key of sealed secrets is derived from it. */
  serviceSecret: string;
  /** WEBHOOKS_MAX_PER_ORGANIZATION: creating one more is a 409. */
  maxPerOrganization: number;
  resolve?: Resolve;
}

/** Who calls a use case: the route's principal (only its user counts). */
export type Caller = Pick<Principal, 'userId'>;

/** One webhook of an organization, as a route's path names it. */
export interface WebhookRef {
  organizationId: string;
  webhookId: string;
}
