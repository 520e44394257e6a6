import type { sites } from '@quire/proto';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { sitesGrpc } from '../src/modules/sites/grpc/sites.grpc';
import { openSitesDb, seedSite } from './sites-db';

describe('sites gRPC', () => {
  let db: PgliteDatabase;
  let server: sites.SitesServer;

  beforeAll(async () => {
    db = await openSitesDb();
    const unused = () => Promise.reject(new Error('not under test here (published-urls tests)'));
    const [binding] = sitesGrpc({ db }, { resolvePublishedUrl: unused, verifyVisitorToken: unused, searchPublishedSite: unused });
    server = binding?.implementation as unknown as sites.SitesServer;
  });
  afterAll(async () => {
    await db.close();
  });

  // The generated server type is callback-style; the binding's implementation is async (bind).
  const getSite = (request: sites.GetSiteRequest) => (server.getSite as unknown as (r: sites.GetSiteRequest) => Promise<sites.GetSiteResponse>)(request);

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
