import type { sites } from '@quire/proto';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { sitesGrpc } from '../src/modules/sites/grpc/sites.grpc';
import type { Membership, MembershipResolver } from '@quire/platform/membership';
import { writeSiteGrant } from '../src/modules/sites/application/write-site-grant';
import { openSitesDb, seedSite } from './sites-db';

const ROLES: Record<string, Partial<Membership>> = { reader: { role: 'read' }, admin: { role: 'admin' } };
const membership = {
  membership: async (_org: string, userId: string): Promise<Membership> => ({
    organizationExists: true,
    role: null,
    guest: false,
    teamIds: [],
    ...ROLES[userId],
  }),
} as unknown as MembershipResolver;

describe('sites gRPC', () => {
  let db: PgliteDatabase;
  let server: sites.SitesServer;

  beforeAll(async () => {
    db = await openSitesDb();
    const unused = () => Promise.reject(new Error('not under test here (published-urls tests)'));
    // The calls under test read neither the other services' clients nor the URL builder.
    const [binding] = sitesGrpc({ db, clients: undefined as never, urls: undefined as never }, membership, {
      resolvePublishedUrl: unused,
      verifyVisitorToken: unused,
      searchPublishedSite: unused,
      getSiteAccess: unused,
      getReaderSignIn: unused,
      issueVisitorToken: unused,
    });
    server = binding?.implementation as unknown as sites.SitesServer;
  });
  afterAll(async () => {
    await db.close();
  });

  // The generated server type is callback-style; the binding's implementation is async (bind).
  const getSite = (request: sites.GetSiteRequest) => (server.getSite as unknown as (r: sites.GetSiteRequest) => Promise<sites.GetSiteResponse>)(request);

  const getSiteLevel = (request: sites.GetSiteLevelRequest) =>
    (server.getSiteLevel as unknown as (r: sites.GetSiteLevelRequest) => Promise<sites.GetSiteLevelResponse>)(request);

  it("answers a user's level on a site by the rule: role, grants, nothing", async () => {
    const siteId = await seedSite(db, 'org1', []);
    await db.transaction((tx) => writeSiteGrant(tx, { id: siteId, organizationId: 'org1' }, { kind: 'user', id: 'reader' }, 'edit', new Date()));
    await db.transaction((tx) => writeSiteGrant(tx, { id: siteId, organizationId: 'org1' }, { kind: 'user', id: 'guest' }, 'read', new Date()));
    const level = async (userId: string, organizationId = 'org1') => (await getSiteLevel({ organizationId, siteId, userId })).level;
    expect(await level('reader')).toBe('edit');
    expect(await level('admin')).toBe('admin');
    expect(await level('guest')).toBe('read');
    expect(await level('stranger')).toBe('');
    expect(await level('admin', 'org2')).toBe('');
  });

  it('answers a site of the organization', async () => {
    const siteId = await seedSite(db, 'org1', []);
    expect(await getSite({ organizationId: 'org1', siteId })).toEqual({
      exists: true,
      id: siteId,
      organizationId: 'org1',
      title: 'Seeded',
      type: 'basic',
      visibility: 'public',
      published: false,
      basename: '',
      hostname: '',
    });
  });

  it('answers exists=false for a site of another organization or an unknown one', async () => {
    const siteId = await seedSite(db, 'org1', []);
    expect((await getSite({ organizationId: 'org2', siteId })).exists).toBe(false);
    expect(await getSite({ organizationId: 'org1', siteId: 'nope' })).toMatchObject({ exists: false, id: '' });
    expect((await getSite({ organizationId: '', siteId })).exists).toBe(false);
  });
});
