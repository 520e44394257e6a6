import { Metadata } from '@grpc/grpc-js';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import type { ContentClient } from '@quire/platform/grpc';
import { deriveSecret } from '@quire/platform/secrets';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { accessStampOf, SITE_API_TOKEN_SECRET_PURPOSE, verifySiteApiToken } from '@quire/publishing';
import { UrlBuilder } from '@quire/urls';
import { resolvePublishedUrl } from '../src/modules/published-urls/application/resolve-published-url';
import { publishedUrlsGrpc } from '../src/modules/published-urls/grpc/published-urls.grpc';
import type { PublishedUrlDeps } from '../src/modules/published-urls/application/deps';
import { updateSiteRow } from '../src/modules/sites/store/sites.store';
import { insertRedirect } from '../src/modules/redirects/store/site-redirects.store';
import { parseRedirectSource } from '@quire/publishing';
import { newId } from '@quire/ids';
import { openSitesDb, seedSite } from './sites-db';

// The wired resolver (resolvePublishedUrl) against embedded Postgres, with content faked: random
// addresses of one published site (built-in, hostname in any case, proxy origin), trailing and
// doubled slashes, percent-encoded unreserved characters, random page paths, always land on that
// site with the page path in canonical form; other hosts and unpublished sites never do.

const ORG = 'orgPU';
const SECRET = 'unit-test-internal-secret-0123456789abcdef';
const PUBLIC_URL = 'https://quire.example.com';
const NOW = new Date('2026-06-01T12:00:00Z');
/** The handlers read no call metadata; a call through gRPC always has some. */
const NO_METADATA = new Metadata();

const content = {
  getSpaces: async ({ spaceIds }: { spaceIds: string[] }) => ({
    spaces: spaceIds.map((id) => ({ id, organizationId: ORG, level: '', spaceJson: JSON.stringify({ id, title: id, revision: `rev-${id}` }) })),
  }),
} as unknown as ContentClient;

describe('resolvePublishedUrl (wired, property-tested)', () => {
  let db: PgliteDatabase;
  let siteId: string;
  let deps: PublishedUrlDeps;

  beforeAll(async () => {
    db = await openSitesDb();
    deps = {
      db,
      urls: new UrlBuilder(PUBLIC_URL),
      clients: { content: () => content } as unknown as PublishedUrlDeps['clients'],
      clock: () => NOW,
      serviceSecret: SECRET,
    };
    siteId = await seedSite(db, ORG, ['spaceA', 'spaceB']);
    await updateSiteRow(db, ORG, siteId, { basename: 'handbook', hostname: 'docs.acme.example', proxyUrl: 'acme.example/help', published: true }, NOW);
    const hidden = await seedSite(db, ORG, ['spaceC']);
    await updateSiteRow(db, ORG, hidden, { basename: 'draft', hostname: 'draft.acme.example' }, NOW);
  });
  afterAll(() => db.close());

  const segment = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,8}$/).filter((s) => s !== 'p1');
  // An unreserved character written as its escape is the same path (RFC 3986 §6.2.2.2).
  const spelled = (s: string, escape: boolean) => (escape ? s.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`) : s);
  const address = fc.constantFrom(
    { base: `${PUBLIC_URL}/sites/${ORG}/handbook`, siteBasePath: `/sites/${ORG}/handbook/` },
    { base: 'https://docs.acme.example', siteBasePath: '/' },
    { base: 'http://DOCS.Acme.Example.', siteBasePath: '/' },
    { base: 'https://acme.example/help', siteBasePath: '/help/' },
  );

  it('lands every spelling of a page URL on the site, its site space and the canonical page path', async () => {
    await fc.assert(
      fc.asyncProperty(
        address,
        fc.boolean(),
        fc.array(fc.tuple(segment, fc.boolean()), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('', '/', '//'),
        fc.constantFrom('', '?utm=1', '#top'),
        async ({ base, siteBasePath }, inSecond, page, trailing, tail) => {
          const path = [...(inSecond ? ['p1'] : []), ...page.map(([s, escape]) => spelled(s, escape))].join('//');
          const resolution = await resolvePublishedUrl(deps, { url: `${base}/${path}${trailing}${tail}`, redirectOnError: false, tokenForm: 'full' });
          if (resolution.kind !== 'content') throw new Error(`expected content, got ${JSON.stringify(resolution)}`);
          const pathname = page.map(([s]) => s).join('/');
          expect(resolution.content).toMatchObject({
            site: siteId,
            space: inSecond ? 'spaceB' : 'spaceA',
            revision: inSecond ? 'rev-spaceB' : 'rev-spaceA',
            pathname,
            siteBasePath,
            basePath: inSecond ? `${siteBasePath}p1/` : siteBasePath,
            canonicalUrl: `https://acme.example/help/${inSecond ? 'p1/' : ''}${pathname}`,
            complete: true,
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('finds nothing at other hosts, other proxy paths or an unpublished site', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'https://acme.example/other',
          'https://draft.acme.example',
          `${PUBLIC_URL}/sites/${ORG}/draft`,
          `${PUBLIC_URL}/sites/other/handbook`,
          'https://docs.acme.example.org',
        ),
        fc.array(segment, { maxLength: 3 }),
        async (base, page) => {
          expect((await resolvePublishedUrl(deps, { url: `${base}/${page.join('/')}`, redirectOnError: false, tokenForm: 'full' })).kind).toBe('not-found');
        },
      ),
      { numRuns: 30 },
    );
  });

  it("signs an apiToken for the site's spaces and its audience's stamp with the secret derived from INTERNAL_SECRET, the same all hour", async () => {
    const first = await resolvePublishedUrl(deps, { url: `${PUBLIC_URL}/sites/${ORG}/handbook/p1/a`, redirectOnError: false, tokenForm: 'full' });
    const again = await resolvePublishedUrl(
      { ...deps, clock: () => new Date(NOW.getTime() + 45 * 60_000) },
      { url: 'https://docs.acme.example/p1/b', redirectOnError: false, tokenForm: 'full' },
    );
    if (first.kind !== 'content' || again.kind !== 'content') throw new Error('expected content');
    expect(again.content.apiToken).toBe(first.content.apiToken);
    const check = await verifySiteApiToken(first.content.apiToken, deriveSecret(SECRET, SITE_API_TOKEN_SECRET_PURPOSE), NOW);
    expect(check).toMatchObject({ ok: true, claims: { organization: ORG, site: siteId, space: 'spaceB', spaces: ['spaceA', 'spaceB'] } });
    expect(decodeJwt(first.content.apiToken).exp).toBe(Date.UTC(2026, 5, 1, 13, 10) / 1000);
    // The stamp is the public site's one current stamp, as the gateway reads it.
    expect(decodeJwt(first.content.apiToken).as).toBe(accessStampOf({ site: siteId, visibility: 'public', credential: '' }));
    expect(await publishedUrlsGrpc(deps).getSiteAccess({ organizationId: ORG, siteId }, NO_METADATA)).toEqual({
      stamps: [decodeJwt(first.content.apiToken).as],
      spaceIds: ['spaceA', 'spaceB'],
    });
  });

  it('answers the reader over gRPC: content with the site visibility, not-found with its reason, visitor tokens', async () => {
    const grpc = publishedUrlsGrpc(deps);
    const found = await grpc.resolvePublishedUrl({ url: 'https://docs.acme.example/p1/a', visitorToken: '', redirectOnError: false }, NO_METADATA);
    expect(found).toMatchObject({
      outcome: 'content',
      content: {
        site: siteId,
        siteSection: '',
        space: 'spaceB',
        revision: 'rev-spaceB',
        pathname: 'a',
        basePath: '/p1/',
        shareKey: '',
        visibility: 'public',
        complete: true,
      },
    });
    expect(await grpc.resolvePublishedUrl({ url: 'https://nowhere.example/a', visitorToken: '', redirectOnError: false }, NO_METADATA)).toEqual({
      outcome: 'not-found',
      content: undefined,
      redirect: undefined,
      reason: 'No published site at this URL',
      refusedAudience: '',
    });
    expect(await grpc.verifyVisitorToken({ siteId, token: 'not.a.token' }, NO_METADATA)).toEqual({
      ok: false,
      reason: expect.any(String),
      fallbackUrl: '',
      claimsJson: '',
    });
  });

  it('answers a wildcard redirect under every address and spelling, capturing the suffix; drafts never', async () => {
    const add = async (source: string, url: string, draft = false) => {
      const parsed = parseRedirectSource(source);
      if (!parsed.ok) throw new Error(source);
      await insertRedirect(
        db,
        newId(),
        siteId,
        { source, key: parsed.source.key, draft, captureWildcard: true, permanent: false, destination: { kind: 'external', url } },
        NOW,
      );
    };
    await add('/moved/*', 'https://new.example/docs');
    await add('/drafts/*', 'https://new.example/drafts', true);
    await fc.assert(
      fc.asyncProperty(
        address,
        fc.array(fc.tuple(segment, fc.boolean()), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('', '/'),
        async ({ base }, rest, trailing) => {
          const suffix = rest.map(([s, escape]) => spelled(s, escape)).join('/');
          const moved = await resolvePublishedUrl(deps, { url: `${base}/mov%65d//${suffix}${trailing}`, redirectOnError: false, tokenForm: 'full' });
          expect(moved).toEqual({
            kind: 'redirect',
            target: 'external',
            site: siteId,
            redirect: `https://new.example/docs/${rest.map(([s]) => s).join('/')}`,
            visibility: 'public',
          });
          const drafted = await resolvePublishedUrl(deps, { url: `${base}/drafts/${suffix}`, redirectOnError: false, tokenForm: 'full' });
          expect(drafted).toMatchObject({ kind: 'content', content: { pathname: `drafts/${rest.map(([s]) => s).join('/')}` } });
        },
      ),
      { numRuns: 40 },
    );
  });
});
