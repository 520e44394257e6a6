import type { ServedRoute } from '@quire/platform/http';
import type { ServiceName } from '@quire/platform/topology';

/** A route of a service, as the gateway's route table and the service's HTTP app describe it. */
export interface DocumentRoute extends ServedRoute {
  service: ServiceName;
  access?: 'signed-url' | 'optional-token';
}
