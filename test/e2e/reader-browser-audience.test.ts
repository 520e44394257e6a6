import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { ensureChromium, launchChromium } from '../support/browser';
import { TodayLedger } from '../support/client-0202';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack, REPO_ROOT } from '../support/stack';

// The reader's remaining visitor flows: the variants switcher, the share-link and the visitor-auth flows as a
// visitor goes through them in chromium (cookies kept by the browser, not by the test), and a page
// on a phone's screen. Screenshots in test-output/reader-*.png.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const OUT = join(REPO_ROOT, 'test-output');
let api: GitBookAPI;
let orgId: string;
let browser: Browser;
let v1: string;
let v2: string;
/** A sign-in page of the site owner's own, on loopback: where refused visitors are sent. */
let signIn: Server;
let signInUrl: string;

async function publishedSite(title: string, visibility: SiteVisibility, spaces: string[]) {
  const { data: site } = await api.orgs.createSite(orgId, { title, visibility, spaces: [spaces[0]!] });
  for (const spaceId of spaces.slice(1)) await api.orgs.addSpaceToSite(orgId, site.id, { spaceId });
  await api.orgs.publishSite(orgId, site.id);
  return { id: site.id, url: (await api.orgs.getSiteById(orgId, site.id)).data.urls.published! };
}

/** A page that records what a visitor's browser shows as errors. */
async function watchedPage(viewport = { width: 1280, height: 900 }): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

beforeAll(
  async () => {
    ensureChromium();
    browser = await launchChromium();
    mkdirSync(OUT, { recursive: true });
    signIn = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Sign in</title><h1>Sign in to read</h1>'));
    await new Promise<void>((resolve) => signIn.listen(0, '127.0.0.1', resolve));
    signInUrl = `http://127.0.0.1:${(signIn.address() as AddressInfo).port}/sso`;
    const own = await buildOrganization(stack, 'Reader audience browser org');
    orgId = own.id;
    api = ledger.client(own.admin.token);
    const spaces: string[] = [];
    for (const [title, text] of [
      ['Version 1', 'The first version of the guide.'],
      ['Version 2', 'The second version of the guide, with a much longer paragraph that a phone must wrap rather than scroll sideways.'],
    ] as const) {
      const { data: space } = await api.orgs.createSpace(orgId, { title });
      await mergeChanges(api, space.id, [
        { operation: 'insert_page', title: 'Overview', document: { markdown: `${text}\n\n## Details\n\nMore.` } },
        { operation: 'insert_page', title: 'Setup', document: { markdown: 'Set it up.' } },
      ] as never);
      spaces.push(space.id);
    }
    [v1, v2] = spaces as [string, string];
  },
  15 * 60 * 1000,
);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (signIn ? signIn.close(() => resolve()) : resolve()));
  expect(ledger.problems()).toEqual([]);
});

it('switches between the site spaces of a site (variants) with the header menu, no script needed', async () => {
  const site = await publishedSite('Versioned docs', SiteVisibility.Public, [v1, v2]);
  const { page, problems } = await watchedPage();
  expect((await page.goto(site.url))?.status()).toBe(200);
  expect(await page.locator('main').textContent()).toContain('The first version of the guide.');
  const menu = page.getByRole('navigation', { name: 'Versions and languages' });
  await menu.locator('summary').click();
  await menu.getByRole('link', { name: 'Version 2' }).click();
  await page.waitForLoadState();
  expect(await page.locator('main').textContent()).toContain('The second version of the guide');
  expect(await menu.locator('summary').textContent()).toContain('Version 2');
  await page.screenshot({ path: join(OUT, 'reader-variants.png'), fullPage: true });
  expect(problems).toEqual([]);
  await page.close();
});

it('lets a visitor in with a share link once, keeps them in as they browse, and shuts them out when it is revoked', async () => {
  const site = await publishedSite('Partner docs', SiteVisibility.ShareLink, [v1]);
  const { data: link } = await api.orgs.createSiteShareLink(orgId, site.id, { name: 'Partners' });
  const { page, problems } = await watchedPage();
  expect((await page.goto(site.url))?.status()).toBe(404);

  // The link as the owner hands it out: the key is taken off the address and kept in a cookie.
  expect((await page.goto(link.urls.published!))?.status()).toBe(200);
  expect(page.url()).not.toContain('share_key');
  expect(await page.title()).toBe('Overview | Partner docs');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'quire_share_key')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await page.getByRole('link', { name: 'Setup' }).first().click();
  await page.waitForURL(/setup$/);
  expect(await page.title()).toBe('Setup | Partner docs');
  await page.screenshot({ path: join(OUT, 'reader-share-link.png') });

  await api.orgs.updateSiteShareLinkById(orgId, site.id, link.id, { active: false });
  expect((await page.reload())?.status()).toBe(404);
  expect(problems).toEqual([]);
  await page.close();
});

it('sends a visitor without a token to the sign-in page, and lets them in with a signed JWT', async () => {
  const site = await publishedSite('Members docs', SiteVisibility.VisitorAuth, [v1]);
  const { data: auth } = await api.orgs.updateSitePublishingAuthById(orgId, site.id, { backend: 'custom', fallbackURL: signInUrl });
  const { page, problems } = await watchedPage();
  await page.goto(site.url);
  expect(page.url()).toBe(signInUrl);
  expect(await page.title()).toBe('Sign in');

  // The owner's sign-in sends the visitor back with a token signed with the site's key.
  const token = await new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(auth.privateKey));
  expect((await page.goto(`${site.url}?jwt_token=${token}`))?.status()).toBe(200);
  expect(page.url()).toBe(site.url);
  expect(await page.title()).toBe('Overview | Members docs');
  await page.getByRole('link', { name: 'Setup' }).first().click();
  await page.waitForURL(/setup$/);
  expect(await page.title()).toBe('Setup | Members docs');
  await page.screenshot({ path: join(OUT, 'reader-visitor-auth.png') });

  // A new key shuts out the tokens signed with the old one.
  await api.orgs.regenerateSitePublishingAuthById(orgId, site.id);
  await page.reload();
  expect(page.url()).toBe(signInUrl);
  expect(problems).toEqual([]);
  await page.close();
});

it('is readable on a phone: nothing wider than the screen, the menu and the search box reachable', async () => {
  const site = await publishedSite('Phone docs', SiteVisibility.Public, [v2]);
  const { page, problems } = await watchedPage({ width: 390, height: 844 });
  expect((await page.goto(site.url))?.status()).toBe(200);
  const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('search', { name: 'Site search' }).getByRole('searchbox').isVisible()).resolves.toBe(true);
  // The skip link is the first thing the keyboard reaches.
  await page.keyboard.press('Tab');
  expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toMatch(/skip/i);
  await page.screenshot({ path: join(OUT, 'reader-phone.png'), fullPage: true });
  expect(problems).toEqual([]);
  await page.close();
});
