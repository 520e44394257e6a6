import { siteReaderId } from '@quire/access';
import type { IdentityClient } from '@quire/platform/grpc';
import { MembershipResolver } from '@quire/platform/membership';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { authorizeChangeRequest, authorizeSpaceFor } from '../src/modules/change-requests/policies/change-request.policy';
import { readSpaces } from '../src/modules/spaces/application/read-spaces';
import { createSpaceWithRevision } from '../src/modules/spaces/application/create-space';
import { authorizeSpace, authorizeSpaceAccess } from '../src/modules/spaces/policies/space.policy';
import { openContentDb } from './content-db';

// A site reader (a published site's apiToken) behind the gateway's route scope:
// content grants it `read` on exactly the spaces it lists and nothing else, even if a request the
// gateway should have refused got through. Identity is never asked about it.

const now = new Date('2026-02-01T00:00:00Z');

describe('site readers in content', () => {
  let db: PgliteDatabase;
  let identityCalls = 0;
  let membership: MembershipResolver;
  let listed: { id: string };
  let other: { id: string };
  let foreign: { id: string };
  let reader: string;

  beforeAll(async () => {
    db = await openContentDb();
    const identity = {
      getMembership: async () => {
        identityCalls++;
        return { organizationExists: true, role: 'admin' };
      },
    };
    membership = new MembershipResolver(() => identity as unknown as IdentityClient);
    const space = (organizationId: string, title: string) =>
      createSpaceWithRevision(
        db,
        { organizationId, parentId: null, title, emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'u1' },
        now,
      );
    [listed, other, foreign] = [await space('orgA', 'Listed'), await space('orgA', 'Other'), await space('orgB', 'Foreign')];
    reader = siteReaderId({ organizationId: 'orgA', siteId: 'site1', spaceIds: [listed.id, foreign.id] });
  });
  afterAll(() => db.close());

  it('reads the listed spaces of its organization at `read`', async () => {
    await expect(authorizeSpace(db, membership, listed.id, reader, 'read')).resolves.toMatchObject({ role: 'read', level: 'read' });
    const found = await readSpaces({ db, membership }, { spaceIds: [listed.id, other.id, foreign.id], userId: reader });
    expect(found.map((f) => [f.space.id, f.level])).toEqual([[listed.id, 'read']]);
  });

  it('is 404 on other spaces (another one of the organization, or a listed one of another organization)', async () => {
    for (const space of [other, foreign]) await expect(authorizeSpaceAccess(db, membership, space.id, reader, 'read')).rejects.toMatchObject({ code: 404 });
  });

  it('is 403 for anything but reading, and for change requests', async () => {
    for (const action of ['edit', 'configure', 'delete', 'readCustomFields', 'gitSync', 'readGitSync', 'duplicate'] as const)
      await expect(authorizeSpaceAccess(db, membership, listed.id, reader, action)).rejects.toMatchObject({ code: 403 });
    await expect(authorizeSpaceFor(db, membership, listed.id, reader, 'read')).rejects.toMatchObject({ code: 403 });
    await expect(authorizeChangeRequest(db, membership, listed.id, 'cr1', reader, 'read')).rejects.toMatchObject({ code: 403 });
  });

  it('never asks identity about a site reader', () => {
    expect(identityCalls).toBe(0);
  });
});
