import type { Role, UrlBuilder } from '@quire/common';
import type { SpaceWithCounts } from '../store/spaces.store';
import { spacePermissions } from './content-permissions';

/**
 * Reference schema: Space; `permissions` are the caller's (`level`). `published` and `public` are
 * the reader address of the space (PUBLIC_URL/s/{id}), given when its visibility lets others read
 * it (reference: not for `private`; `public` only for `public`). Spaces inherit the
 * organization's merge rules.
 */
export function presentSpace(space: SpaceWithCounts, level: Role | null, urls: UrlBuilder) {
  const readerUrl = urls.app(`/s/${space.id}`);
  return {
    object: 'space' as const,
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: space.created_at.toISOString(),
    updatedAt: space.updated_at.toISOString(),
    ...(space.deleted_at ? { deletedAt: space.deleted_at.toISOString() } : {}),
    editMode: space.edit_mode,
    mergeRules: { type: 'inherit' as const },
    urls: {
      location: urls.api(`/spaces/${space.id}`),
      app: urls.app(`/o/${space.organization_id}/s/${space.id}`),
      ...(space.visibility !== 'private' ? { published: readerUrl } : {}),
      ...(space.visibility === 'public' ? { public: readerUrl } : {}),
      ...(space.icon_url ? { icon: space.icon_url } : {}),
    },
    organization: space.organization_id,
    ...(space.parent_id ? { parent: space.parent_id } : {}),
    revision: space.revision_id,
    defaultLevel: space.default_level,
    comments: space.comments,
    changeRequests: space.change_requests,
    changeRequestsOpen: space.change_requests_open,
    changeRequestsDraft: space.change_requests_draft,
    permissions: spacePermissions(level, space.edit_mode === 'locked'),
  };
}

export type PresentedSpace = ReturnType<typeof presentSpace>;
