import type { ServiceContext } from '@quire/platform/runtime';
import type { SpecDeps } from '../application/deps';

/** What the OpenAPI routes use: the use cases' dependencies, and what presenting needs. */
export type SpecsHttpDeps = SpecDeps &
  Pick<ServiceContext, 'urls' | 'config'> & {
    /** How long the signed download URL of a stored document stays valid. */
    downloadTtlSeconds: number;
  };
