import type { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext } from '@quire/platform/runtime';
import type { SpecSchedule } from '../domain/openapi-specs';

/** What the specs service's HTTP handlers use. */
export type SpecsHttpDeps = Pick<ServiceContext, 'db' | 'urls' | 'clock' | 'logger' | 'config'> & {
  membership: MembershipResolver;
  schedule: SpecSchedule;
  /** How long the signed download URL of a stored document stays valid. */
  downloadTtlSeconds: number;
};
