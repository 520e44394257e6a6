import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { ensureChromium, launchChromium } from '../support/browser';
import { TodayLedger } from '../support/client-0202';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack, REPO_ROOT } from '../support/stack';

// A published site read in a real browser (Debian's chromium via playwright-core),
// served by the reader under its own strict CSP: no console error (a blocked style would be one),
// no script of the content runs (only the reader's own file), axe-core finds no serious or critical violation, the visitor moves on with the
// "Next" link. The screenshot is left in test-output/reader-page.png.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const OUT = join(REPO_ROOT, 'test-output');
const AXE = require.resolve('axe-core/axe.min.js');
let api: GitBookAPI;
let siteUrl: string;
let browser: Browser;

beforeAll(
  async () => {
    ensureChromium();
    browser = await launchChromium();
    mkdirSync(OUT, { recursive: true });
    const own = await buildOrganization(stack, 'Reader browser org');
    api = ledger.client(own.admin.token);
    const { data: space } = await api.orgs.createSpace(own.id, { title: 'Browser handbook' });
    await mergeChanges(api, space.id, [
      {
        operation: 'insert_page',
        title: 'Welcome',
        document: {
          markdown: 'Hello, **reader**.\n\n## Install\n\n```js\nconsole.log(1);\n```\n\n<script>window.ran = true</script>\n\n- [x] done\n- [ ] to do',
        },
      },
      { operation: 'insert_page', title: 'Next steps', document: { markdown: 'Keep going.' } },
    ] as never);
    const { data: site } = await api.orgs.createSite(own.id, { title: 'Browser docs', visibility: SiteVisibility.Public, spaces: [space.id] });
    await api.orgs.publishSite(own.id, site.id);
    siteUrl = (await api.orgs.getSiteById(own.id, site.id)).data.urls.published!;
  },
  15 * 60 * 1000,
);

afterAll(async () => {
  await browser?.close();
  expect(ledger.problems()).toEqual([]);
});

it('shows a published page under its CSP with no console error, no script from content, no serious axe violation, and navigates', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Which address failed (the console names none): the browser's own /favicon.ico probe may 404.
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) failed.push(`${r.status()} ${r.url()}`);
  });
  const response = await page.goto(siteUrl);
  expect(response?.status()).toBe(200);
  expect(await page.title()).toBe('Welcome | Browser docs');
  expect(await page.locator('main h1').textContent()).toBe('Welcome');
  expect(await page.evaluate('window.ran')).toBeUndefined();
  // The stylesheet applied (allowed by its hash): the sidebar sits beside main on a desktop.
  const sidebar = await page.locator('.site-sidebar').boundingBox();
  const main = await page.locator('main').boundingBox();
  expect(sidebar!.x + sidebar!.width).toBeLessThanOrEqual(main!.x);
  await page.screenshot({ path: join(OUT, 'reader-page.png'), fullPage: true });

  // The CSP forbids every script, axe's too: axe runs on the same HTML in a page of its own.
  const html = await page.content();
  const check = await browser.newPage();
  await check.setContent(html);
  await check.addScriptTag({ path: AXE });
  const { violations } = (await check.evaluate('axe.run(document)')) as { violations: Array<{ id: string; impact: string }> };
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page
    .getByRole('link', { name: /Next steps/ })
    .last()
    .click();
  await page.waitForURL(/next-steps$/);
  expect(await page.title()).toBe('Next steps | Browser docs');
  expect(failed).toEqual([]);
  expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
  await page.close();
  await check.close();
});

it('searches from the box of a page: the search page under the same CSP, axe-clean, its result opening the page', async () => {
  // Site search is indexed asynchronously after the merge.
  await eventually(async () => (await (await fetch(`${siteUrl}~search?q=going`)).text()).includes('search-results'), 30_000);
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(siteUrl);
  await page.getByRole('search', { name: 'Site search' }).getByRole('searchbox').fill('going');
  await page.getByRole('search', { name: 'Site search' }).getByRole('button').click();
  await page.waitForURL(/~search\?q=going$/);
  expect(await page.locator('main h1').textContent()).toBe('Search: going');
  await page.screenshot({ path: join(OUT, 'reader-search.png'), fullPage: true });

  const check = await browser.newPage();
  await check.setContent(await page.content());
  await check.addScriptTag({ path: AXE });
  const { violations } = (await check.evaluate('axe.run(document)')) as { violations: Array<{ id: string; impact: string }> };
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.locator('.search-results').getByRole('link', { name: 'Next steps' }).click();
  await page.waitForURL(/next-steps$/);
  expect(await page.title()).toBe('Next steps | Browser docs');
  expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
  await page.close();
  await check.close();
});
