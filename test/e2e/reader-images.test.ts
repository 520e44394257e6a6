import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { SignJWT } from 'jose';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { ensureChromium, launchChromium } from '../support/browser';
import { TodayLedger } from '../support/client-0202';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// Images on published pages at stable, content-addressed addresses of the site's own
// (`<site space>/~files/{sha256}/{name}`, docs/reader.md, Images): the same on every view, kept by
// the browser for good, and still checked — a blob of another organization is a 404, and a
// visitor-auth site's image needs the visitor's token.

const stack = currentStack();
const ledger = new TodayLedger(stack);
/** A 1×1 PNG. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PIXEL_BLOB = createHash('sha256').update(Buffer.from(PIXEL, 'base64')).digest('hex');
/** Another organization's image: other bytes, so another blob. */
const OTHER = Buffer.from(`another organization's picture ${Date.now()}`);
const OTHER_BLOB = createHash('sha256').update(OTHER).digest('hex');

let browser: Browser;
let api: GitBookAPI;
let orgId: string;
let spaceId: string;
let publicSite: string;
let otherSite: string;

const visit = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });

async function publishedSite(client: GitBookAPI, org: string, space: string, title: string, visibility: SiteVisibility) {
  const { data: site } = await client.orgs.createSite(org, { title, visibility, spaces: [space] });
  await client.orgs.publishSite(org, site.id);
  return { id: site.id, url: (await client.orgs.getSiteById(org, site.id)).data.urls.published! };
}

async function spaceWithImage(client: GitBookAPI, org: string, title: string, image: { name: string; base64: string }) {
  const { data: space } = await client.orgs.createSpace(org, { title });
  await mergeChanges(client, space.id, [
    { operation: 'insert_page', title: 'Diagram', document: { markdown: 'The picture:\n\n![The picture](./picture)' } },
    { operation: 'insert_files', files: [{ name: image.name, ref: 'picture', base64: image.base64, contentType: 'image/png' }] },
  ] as never);
  return space.id;
}

/** The `src` of the page's one image. */
function imageAddress(html: string): string {
  const [, src] = /<img[^>]*src="([^"]+)"/.exec(html) ?? [];
  expect(src).toBeDefined();
  return src!;
}

beforeAll(
  async () => {
    ensureChromium();
    browser = await launchChromium();
    const own = await buildOrganization(stack, 'Reader images org');
    orgId = own.id;
    api = ledger.client(own.admin.token);
    spaceId = await spaceWithImage(api, orgId, 'Pictures', { name: 'pixel.png', base64: PIXEL });
    publicSite = (await publishedSite(api, orgId, spaceId, 'Pictures', SiteVisibility.Public)).url;
    const other = await buildOrganization(stack, 'Reader images other org');
    const otherApi = ledger.client(other.admin.token);
    const otherSpace = await spaceWithImage(otherApi, other.id, 'Other pictures', { name: 'other.png', base64: OTHER.toString('base64') });
    otherSite = (await publishedSite(otherApi, other.id, otherSpace, 'Other pictures', SiteVisibility.Public)).url;
  },
  5 * 60 * 1000,
);

afterAll(async () => {
  await browser?.close();
  expect(ledger.problems()).toEqual([]);
});

it('names an image by its content on every view, and a second view takes it from the browser cache', async () => {
  const path = new URL(publicSite).pathname;
  const first = imageAddress(await (await visit(publicSite)).text());
  expect(first).toBe(`${path}~files/${PIXEL_BLOB}/pixel.png`);
  expect(imageAddress(await (await visit(publicSite)).text())).toBe(first);

  const image = await visit(new URL(first, publicSite).href);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=3600, immutable');
  expect(image.headers.get('etag')).toBe(`"${PIXEL_BLOB}"`);
  expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(PIXEL, 'base64'));
  const revalidated = await visit(new URL(first, publicSite).href, { headers: { 'if-none-match': `"${PIXEL_BLOB}"` } });
  expect(revalidated.status).toBe(304);

  // In chromium: what the network stack answers for the image on each of two page loads.
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen: Array<{ id: string; load: number; fromCache: boolean; status?: number }> = [];
  let load = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.includes('/~files/')) seen.push({ id: e.requestId, load, fromCache: false });
  });
  cdp.on('Network.requestServedFromCache', (e) => seen.filter((s) => s.id === e.requestId).forEach((s) => (s.fromCache = true)));
  cdp.on('Network.responseReceived', (e) =>
    seen
      .filter((s) => s.id === e.requestId)
      .forEach((s) => {
        s.status = e.response.status;
        s.fromCache ||= e.response.fromDiskCache === true || e.response.fromServiceWorker === true;
      }),
  );
  const srcs: string[] = [];
  for (load = 1; load <= 2; load++) {
    expect((await page.goto(publicSite))?.status()).toBe(200);
    const img = page.locator('main img').first();
    await img.evaluate((el: HTMLImageElement) => (el.complete ? null : new Promise((resolve) => el.addEventListener('load', resolve))));
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
    srcs.push((await img.getAttribute('src'))!);
  }
  expect(srcs).toEqual([first, first]);
  // The first load fetched it from the reader; the second never reached it.
  expect(seen.filter((s) => s.load === 1)).toEqual([expect.objectContaining({ status: 200, fromCache: false })]);
  expect(seen.filter((s) => s.load === 2 && !s.fromCache)).toEqual([]);
  await page.close();
});

it('leads the `.md` form’s image to the same stable address', async () => {
  const mdUrl = `${publicSite}diagram.md`;
  const markdown = await (await visit(mdUrl)).text();
  const [, target] = /!\[The picture\]\(<?([^)>]+)>?\)/.exec(markdown) ?? [];
  expect(target).toBeDefined();
  const stable = `${new URL(publicSite).pathname}~files/${PIXEL_BLOB}/pixel.png`;
  const named = new URL(target!.replace(/ /g, '%20'), mdUrl);
  // Named directly, or through `.gitbook/assets/<name>`, which redirects there.
  if (named.pathname !== stable) {
    const redirect = await visit(named.href);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(stable);
    expect(redirect.headers.get('cache-control')).toBe('private, no-store');
  }
  const image = await visit(new URL(stable, publicSite).href);
  expect(image.status).toBe(200);
  expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(PIXEL, 'base64'));
});

it('answers 404 for a blob of another organization, or none, at this site’s address', async () => {
  // The other organization's image is real: its own site serves it.
  const own = imageAddress(await (await visit(otherSite)).text());
  expect(own).toBe(`${new URL(otherSite).pathname}~files/${OTHER_BLOB}/other.png`);
  expect((await visit(new URL(own, otherSite).href)).status).toBe(200);

  const foreign = await visit(`${publicSite}~files/${OTHER_BLOB}/other.png`);
  expect(foreign.status).toBe(404);
  expect(foreign.headers.get('cache-control')).not.toContain('immutable');
  expect((await visit(`${publicSite}~files/${'0'.repeat(64)}/none.png`)).status).toBe(404);
  // And the first site's image is not the other's.
  expect((await visit(`${otherSite}~files/${PIXEL_BLOB}/pixel.png`)).status).toBe(404);
});

it('serves a visitor-auth site’s image to its visitor only, kept by the browser alone', async () => {
  const site = await publishedSite(api, orgId, spaceId, 'Members pictures', SiteVisibility.VisitorAuth);
  const { data: auth } = await api.orgs.updateSitePublishingAuthById(orgId, site.id, { backend: 'custom' });
  const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(auth.privateKey));
  const entry = await visit(`${site.url}?jwt_token=${token}`);
  expect(entry.status).toBe(302);
  const cookie = entry.headers.getSetCookie()[0]!.split(';')[0]!;
  const html = await (await visit(site.url, { headers: { cookie } })).text();
  const address = new URL(imageAddress(html), site.url).href;
  expect(address).toBe(`${site.url}~files/${PIXEL_BLOB}/pixel.png`);

  const image = await visit(address, { headers: { cookie } });
  expect(image.status).toBe(200);
  expect(image.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(PIXEL, 'base64'));

  const refused = await visit(address);
  expect(refused.status).toBe(401);
  expect(refused.headers.get('content-type')).toContain('text/html');
  expect(refused.headers.get('etag')).not.toBe(`"${PIXEL_BLOB}"`);
});
