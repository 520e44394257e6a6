import type { Role } from '@quire/access';
import { listEnvelope, type PageRequest } from '@quire/input';
import type { UrlBuilder } from '@quire/urls';
import type { SpaceWithCounts } from '../model/space';
import { spacePermissions } from '../../content-tree';
import { presentGitSyncState } from './git-sync-state.presenter';

/**
 * Reference schema: Space; `permissions` are the caller's (`level`). `published` and `public` are
 * the reader address of the space (PUBLIC_URL/s/{id}), given when its visibility lets others read
 * it (reference: not for `private`; `public` only for `public`).
 */
export function presentSpace(space: SpaceWithCounts, level: Role | null, urls: UrlBuilder) {
  const readerUrl = urls.app(`/s/${space.id}`);
  return {
    object: 'space' as const,
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: space.createdAt.toISOString(),
    updatedAt: space.updatedAt.toISOString(),
    ...(space.deletedAt ? { deletedAt: space.deletedAt.toISOString() } : {}),
    editMode: space.editMode,
    mergeRules: space.mergeRules,
    urls: {
      location: urls.api(`/spaces/${space.id}`),
      app: urls.app(`/o/${space.organizationId}/s/${space.id}`),
      ...(space.visibility !== 'private' ? { published: readerUrl } : {}),
      ...(space.visibility === 'public' ? { public: readerUrl } : {}),
      ...(space.iconUrl ? { icon: space.iconUrl } : {}),
    },
    organization: space.organizationId,
    ...(space.parentId ? { parent: space.parentId } : {}),
    revision: space.revisionId,
    defaultLevel: space.defaultLevel,
    comments: space.comments,
    changeRequests: space.changeRequests,
    changeRequestsOpen: space.changeRequestsOpen,
    changeRequestsDraft: space.changeRequestsDraft,
    permissions: spacePermissions(level, space.editMode === 'locked'),
    ...(space.gitSync ? { gitSync: presentGitSyncState(space.gitSync) } : {}),
  };
}

export type PresentedSpace = ReturnType<typeof presentSpace>;

/** A page of spaces (an organization's, a collection's), each at the caller's level. */
export function presentSpacePage(items: { space: SpaceWithCounts; level: Role | null }[], total: number, page: PageRequest, urls: UrlBuilder) {
  return listEnvelope(
    items.map(({ space, level }) => presentSpace(space, level, urls)),
    total,
    page,
  );
}

/** Reference: listSpacesForOrganizationMember's page of MemberContentPermission (the member's level, the space as the caller sees it). */
export function presentMemberSpacePage(
  items: { space: SpaceWithCounts; permission: Role; level: Role | null }[],
  total: number,
  page: PageRequest,
  urls: UrlBuilder,
) {
  return listEnvelope(
    items.map(({ space, permission, level }) => ({ permission, space: presentSpace(space, level, urls) })),
    total,
    page,
  );
}
