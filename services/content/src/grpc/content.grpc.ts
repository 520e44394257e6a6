import { healthBinding, type ServiceBinding, type ServiceContext } from '@quire/common';
import { content } from '@quire/proto';

/** Content's gRPC API for the other services (proto/quire/content.proto). */
export function contentGrpc(ctx: Pick<ServiceContext, 'db'>): ServiceBinding[] {
  return [healthBinding(content.ContentService, 'content', () => ctx.db.ping().then(() => true, () => false))];
}
