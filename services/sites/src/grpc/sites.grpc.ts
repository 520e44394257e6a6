import { healthBinding, type ServiceBinding, type ServiceContext } from '@quire/common';
import { sites } from '@quire/proto';

/** The sites service's gRPC API for the other services (proto/quire/sites.proto). */
export function sitesGrpc(ctx: Pick<ServiceContext, 'db'>): ServiceBinding[] {
  return [healthBinding(sites.SitesService, 'sites', () => ctx.db.ping().then(() => true, () => false))];
}
