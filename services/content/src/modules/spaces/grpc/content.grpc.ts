import { bind, type AsyncService, type ServiceBinding } from '@quire/platform/grpc';
import type { MembershipResolver } from '@quire/platform/membership';
import type { ServiceContext } from '@quire/platform/runtime';
import { content } from '@quire/proto';
import { checkSpaceAccess } from '../application/check-space-access';
import { duplicateSpace } from '../application/duplicate-space';
import { readSpaces } from '../application/read-spaces';
import { presentSpace } from '../presenters/space.presenter';

/** Calls of the Content service other modules answer (the wiring passes them in: search's SearchPublishedContent). */
type OtherModulesCalls = Pick<AsyncService<content.ContentServer>, 'searchPublishedContent'>;

/** Content's gRPC API for the other services (proto/quire/content.proto). */
export function contentGrpc(
  deps: Pick<ServiceContext, 'db' | 'urls' | 'clock'> & { membership: MembershipResolver },
  others: OtherModulesCalls,
): ServiceBinding[] {
  const { db, urls } = deps;
  return [
    bind<content.ContentServer>(content.ContentService, {
      ...others,
      check: async () => ({
        service: 'content',
        ready: await db.ping().then(
          () => true,
          () => false,
        ),
      }),

      getSpaces: async ({ spaceIds, userId }) => {
        const found = await readSpaces(deps, { spaceIds, userId });
        const spaces: content.SpaceEntry[] = found.map(({ space, level }) => ({
          id: space.id,
          organizationId: space.organizationId,
          level: level ?? '',
          spaceJson: JSON.stringify(presentSpace(space, level, urls)),
        }));
        return { spaces };
      },

      duplicateSpace: async ({ spaceId, userId }) => {
        const { space, level } = await duplicateSpace(deps, { userId }, { spaceId });
        return { id: space.id, organizationId: space.organizationId, level: level ?? '', spaceJson: JSON.stringify(presentSpace(space, level, urls)) };
      },

      checkSpaceAccess: async ({ spaceId, userId }) => {
        const access = await checkSpaceAccess(deps, { spaceId, userId });
        return access.exists
          ? { exists: true, organizationId: access.organizationId, level: access.level ?? '' }
          : { exists: false, organizationId: '', level: '' };
      },
    }),
  ];
}
