import type { Role } from '@quire/access';
import { collectionPermissions, spacePermissions } from '../src/modules/content-tree/presenters/content-permissions';

describe('Space.permissions from the caller level', () => {
  it.each<[Role | null, Record<string, boolean>]>([
    [
      'admin',
      {
        view: true,
        access: true,
        admin: true,
        viewInviteLinks: false,
        edit: true,
        triggerGitSync: true,
        comment: true,
        merge: true,
        review: true,
        installIntegration: false,
      },
    ],
    [
      'create',
      {
        view: true,
        access: true,
        admin: false,
        viewInviteLinks: false,
        edit: true,
        triggerGitSync: true,
        comment: true,
        merge: true,
        review: true,
        installIntegration: false,
      },
    ],
    [
      'review',
      {
        view: true,
        access: true,
        admin: false,
        viewInviteLinks: false,
        edit: true,
        triggerGitSync: true,
        comment: true,
        merge: true,
        review: true,
        installIntegration: false,
      },
    ],
    [
      'edit',
      {
        view: true,
        access: true,
        admin: false,
        viewInviteLinks: false,
        edit: true,
        triggerGitSync: true,
        comment: true,
        merge: false,
        review: false,
        installIntegration: false,
      },
    ],
    [
      'comment',
      {
        view: true,
        access: true,
        admin: false,
        viewInviteLinks: false,
        edit: false,
        triggerGitSync: false,
        comment: true,
        merge: false,
        review: false,
        installIntegration: false,
      },
    ],
    [
      'read',
      {
        view: true,
        access: true,
        admin: false,
        viewInviteLinks: false,
        edit: false,
        triggerGitSync: false,
        comment: false,
        merge: false,
        review: false,
        installIntegration: false,
      },
    ],
    [
      null,
      {
        view: false,
        access: false,
        admin: false,
        viewInviteLinks: false,
        edit: false,
        triggerGitSync: false,
        comment: false,
        merge: false,
        review: false,
        installIntegration: false,
      },
    ],
  ])('level %p', (level, expected) => {
    expect(spacePermissions(level, false)).toEqual(expected);
  });

  it('takes edits and merges away from everyone while the space is locked', () => {
    expect(spacePermissions('admin', true)).toMatchObject({ admin: true, edit: false, merge: false, triggerGitSync: false, review: true, comment: true });
  });
});

describe('Collection.permissions from the caller level', () => {
  it('creates from create up, administers only as admin', () => {
    expect(collectionPermissions('admin')).toEqual({ view: true, admin: true, viewInviteLinks: false, create: true });
    expect(collectionPermissions('create')).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
    expect(collectionPermissions('review')).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
    expect(collectionPermissions(null)).toEqual({ view: false, admin: false, viewInviteLinks: false, create: false });
  });
});
