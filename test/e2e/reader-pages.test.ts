import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SiteVisibility } from 'gitbook-api-0202';
import { apiClient } from '../support/api';
import { ensureChromium, launchChromium } from '../support/browser';
import { TodayLedger } from '../support/client-0202';
import { eventually } from '../support/eventually';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack, REPO_ROOT } from '../support/stack';

// Published pages that read like GitBook's, in chromium under the reader's CSP (docs/reader.md,
// The reader's script): tabs switch (ARIA tabs, keyboard) and all show without script, code has its
// language and a copy button that copies, table cells never break mid-word on a phone, search runs
// in a dialog as you type (Ctrl+K, `/`, arrows, Enter), an API operation shows property tables,
// examples and request samples. axe-core at 0 serious or critical on each; screenshots at 1280
// and 390 px in test-output/reader-{tabs,code,table,search-dialog,api}-{1280,390}.png.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const OUT = join(REPO_ROOT, 'test-output');
const AXE = require.resolve('axe-core/axe.min.js');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
let siteUrl: string;
let browser: Browser;

const GUIDE = [
  'Install the client in your language.',
  '',
  '{% tabs %}',
  '{% tab title="JavaScript" %}',
  'Use npm to add the package.',
  '',
  '```javascript',
  'npm install @acme/client',
  '```',
  '{% endtab %}',
  '{% tab title="Python" %}',
  'Use pip for the wheel.',
  '',
  '```python',
  'import acme',
  'client = acme.Client()',
  '```',
  '{% endtab %}',
  '{% tab title="Go" %}',
  'Fetch the module with go get.',
  '{% endtab %}',
  '{% endtabs %}',
].join('\n');

const REFERENCE = [
  'Every setting of the scaler, with its type.',
  '',
  '{% hint style="warning" %}',
  'Changing a setting restarts the scaler.',
  '{% endhint %}',
  '',
  '## Settings',
  '',
  '| Setting | Type | Meaning |',
  '|---|---|---|',
  '| scale.minimum | integer | The smallest number of replicas the autoscaler keeps running whatever the measured load is |',
  '| scale.maximum | integer | The largest number of replicas, never exceeded |',
  '| cooldownSeconds | integer | Seconds between two decisions of the autoscaler, so that a burst does not flap |',
  '| thresholdPercentage | number | Utilisation above which the scaler adds a replica |',
  '',
  '```bash',
  'curl -s https://api.example.com/scale',
  '```',
  '',
  '## Limits',
  '',
  ...Array.from({ length: 12 }, (_, i) => `Limit ${i + 1} keeps the scaler within bounds that the cluster can hold, measured over a minute.\n`),
].join('\n');

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Scaler', version: '1.0.0' },
  paths: {
    '/scalers/{scalerId}': {
      put: {
        summary: 'Update a scaler',
        parameters: [{ name: 'scalerId', in: 'path', required: true, description: 'The **scaler** to change', schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Scaler' } } } },
        responses: { '200': { description: 'The scaler as changed', content: { 'application/json': { schema: { $ref: '#/components/schemas/Scaler' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Scaler: {
        type: 'object',
        required: ['minimum'],
        properties: {
          minimum: { type: 'integer', description: 'Fewest replicas kept', example: 2 },
          mode: { type: 'string', enum: ['fast', 'steady'] },
          window: { type: 'object', properties: { seconds: { type: 'integer', description: 'Length of the `window`' } } },
        },
      },
    },
  },
};

beforeAll(
  async () => {
    ensureChromium();
    browser = await launchChromium();
    mkdirSync(OUT, { recursive: true });
    const own = await buildOrganization(stack, 'Reader pages org');
    const api = ledger.client(own.admin.token);
    const raw = apiClient(stack, own.admin.token);
    expect((await raw.put(`/v1/orgs/${own.id}/openapi/scaler`, { source: { text: JSON.stringify(SPEC) } })).status).toBeLessThan(300);
    await eventually(async () => (await raw.get(`/v1/orgs/${own.id}/openapi/scaler`)).body.processingState === 'complete', 20_000);
    const { data: space } = await api.orgs.createSpace(own.id, { title: 'Pages handbook' });
    await mergeChanges(api, space.id, [
      { operation: 'insert_page', title: 'Guide', document: { markdown: GUIDE } },
      { operation: 'insert_page', title: 'Reference', document: { markdown: REFERENCE } },
      { operation: 'insert_page', title: 'Diagram', document: { markdown: 'The cluster.\n\n![The cluster](./cluster)' } },
      { operation: 'insert_files', files: [{ name: 'cluster diagram.png', ref: 'cluster', base64: PNG, contentType: 'image/png' }] },
      {
        operation: 'insert_page',
        title: 'Scaler API',
        document: { markdown: 'Change a scaler.\n\n{% openapi-operation spec="scaler" path="/scalers/{scalerId}" method="put" %}\n{% endopenapi-operation %}' },
      },
    ] as never);
    const { data: site } = await api.orgs.createSite(own.id, { title: 'Pages docs', visibility: SiteVisibility.Public, spaces: [space.id] });
    await api.orgs.publishSite(own.id, site.id);
    siteUrl = (await api.orgs.getSiteById(own.id, site.id)).data.urls.published!;
  },
  15 * 60 * 1000,
);

afterAll(async () => {
  await browser?.close();
  expect(ledger.problems()).toEqual([]);
});

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Console errors (a script or style the CSP blocked is one), page errors, failed answers. */
  problems: string[];
}

async function watched(viewport: { width: number; height: number }, options: { javaScriptEnabled?: boolean; permissions?: string[] } = {}): Promise<Watched> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: options.javaScriptEnabled ?? true });
  if (options.permissions) await context.grantPermissions(options.permissions, { origin: new URL(siteUrl).origin });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // A failed load is reported with its address below (the browser's own /favicon.ico probe may 404).
    if (message.type() === 'error' && !/^Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`);
  });
  return { context, page, problems };
}

/** axe-core on the page as the script left it (the CSP forbids axe's own script: it runs on a copy). */
async function seriousViolations(page: Page): Promise<Array<{ id: string; impact: string }>> {
  const check = await browser.newPage();
  await check.setContent((await page.content()).replace(/<script[^>]*><\/script>/g, ''));
  await check.addScriptTag({ path: AXE });
  const { violations } = (await check.evaluate('axe.run(document)')) as { violations: Array<{ id: string; impact: string }> };
  await check.close();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(({ id, impact }) => ({ id, impact }));
}

it('serves its one script from the site, cacheable for good, allowed by its hash alone', async () => {
  const html = await (await fetch(`${siteUrl}guide`)).text();
  const [, src, integrity] = /<script src="([^"]+)" integrity="([^"]+)" defer><\/script>/.exec(html) ?? [];
  expect(src).toMatch(/\/~quire\/reader\.[A-Za-z0-9_-]{16}\.js$/);
  const script = await fetch(new URL(src!, siteUrl));
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const body = Buffer.from(await script.arrayBuffer());
  const { createHash } = await import('node:crypto');
  expect(`sha256-${createHash('sha256').update(body).digest('base64')}`).toBe(integrity);
  const csp = (await fetch(`${siteUrl}guide`)).headers.get('content-security-policy')!;
  expect(csp).toContain(`script-src '${integrity}';`);
  expect((await fetch(new URL(src!.replace(/reader\.[^/]+\.js$/, 'reader.0000000000000000.js'), siteUrl))).status).toBe(404);
});

it('switches tabs by click and keyboard with one panel shown; every tab readable without script', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, problems } = await watched(viewport);
    await page.goto(`${siteUrl}guide`);
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['JavaScript', 'Python', 'Go']);
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('JavaScript');
    expect(await page.getByRole('tabpanel').count()).toBe(1);
    expect(await page.getByRole('tabpanel').textContent()).toContain('Use npm');
    await tabs.nth(1).click();
    expect(await page.getByRole('tabpanel').textContent()).toContain('Use pip');
    expect(await page.getByText('Use npm').isVisible()).toBe(false);
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Go');
    expect(await page.getByRole('tabpanel').textContent()).toContain('go get');
    await page.keyboard.press('Home');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('JavaScript');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Go');
    await page.screenshot({ path: join(OUT, `reader-tabs-${viewport.width}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }
  const { context, page } = await watched(DESKTOP, { javaScriptEnabled: false });
  await page.goto(`${siteUrl}guide`);
  expect(await page.getByRole('tab').count()).toBe(0);
  for (const text of ['Use npm', 'Use pip', 'go get']) expect(await page.getByText(text).isVisible()).toBe(true);
  expect(await page.locator('.tab-title').allTextContents()).toEqual(['JavaScript', 'Python', 'Go']);
  await context.close();
});

it('labels code with its language and copies it with the copy button', async () => {
  const { context, page, problems } = await watched(DESKTOP, { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.goto(`${siteUrl}guide`);
  await page.getByRole('tab', { name: 'Python' }).click();
  const block = page.getByRole('tabpanel').locator('.code-block');
  expect(await block.locator('.code-language').textContent()).toBe('Python');
  await block.getByRole('button', { name: 'Copy' }).click();
  await eventually(async () => (await block.getByRole('button').textContent()) === 'Copied', 3000);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('import acme\nclient = acme.Client()');
  await page.screenshot({ path: join(OUT, 'reader-code-1280.png') });
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

it('wraps table cells between words at 390 px, scrolling the table rather than breaking a word', async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const { context, page, problems } = await watched(viewport);
    await page.goto(`${siteUrl}reference`);
    expect(await page.locator('.code-block .code-language').textContent()).toBe('Bash');
    // A word is broken when its characters sit on more than one line of its cell.
    const broken = await page.evaluate(() => {
      const out: string[] = [];
      for (const cell of Array.from(document.querySelectorAll('main td, main th'))) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
            if (tops.size > 1) out.push(match[0]);
          }
        }
      }
      return out;
    });
    expect(broken).toEqual([]);
    const box = await page
      .locator('main .table')
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, main: document.querySelector('main')!.clientWidth }));
    expect(box.client).toBeLessThanOrEqual(box.main);
    if (viewport === PHONE) expect(box.scroll).toBeGreaterThan(box.client);
    await page.screenshot({ path: join(OUT, `reader-table-${viewport.width}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }
});

it('searches in a dialog as you type: Ctrl+K and `/`, matched words marked, arrows and Enter open a result', async () => {
  // Site search is indexed asynchronously after the merge.
  await eventually(async () => (await (await fetch(`${siteUrl}~search?q=autoscaler`)).text()).includes('search-results'), 30_000);
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, problems } = await watched(viewport);
    await page.goto(`${siteUrl}guide`);
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Search this site' });
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.type('autoscaler');
    const options = dialog.getByRole('option');
    // Results follow the typing: the last answer shown is the whole word's.
    await eventually(async () => (await dialog.locator('mark').allTextContents()).some((m) => m.toLowerCase() === 'autoscaler'), 10_000);
    expect(await options.first().locator('.search-dialog-title').textContent()).toContain('Reference');
    expect(await dialog.getByRole('status').textContent()).toMatch(/^\d+ results?$/);
    await page.screenshot({ path: join(OUT, `reader-search-dialog-${viewport.width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/reference(#.*)?$/);
    expect(await page.locator('main h1').textContent()).toBe('Reference');
    // `/` opens it too, outside a text field; Escape closes it.
    await page.keyboard.press('/');
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }
});

it('shows an API operation as property tables with examples and curl, JavaScript and Python samples that switch and copy', async () => {
  // A page whose spec read failed (specs slow under load) shows the block's note and is not kept: a later answer renders it.
  await eventually(async () => (await (await fetch(`${siteUrl}scaler-api`)).text()).includes('openapi-method'), 60_000);
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, problems } = await watched(viewport, { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`${siteUrl}scaler-api`);
    const block = page.locator('div.openapi');
    expect(await block.locator('.openapi-method').textContent()).toBe('PUT');
    // Parameters: the description is markdown.
    expect(await block.getByRole('region', { name: 'Parameters' }).locator('td strong').textContent()).toBe('scaler');
    const body = block.getByRole('region', { name: 'Properties' }).first();
    const rows = await body.locator(':scope > table > tbody > tr').evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.children)
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    );
    expect(rows).toEqual([
      ['minimum', 'integer', 'yes'],
      ['mode', 'string', 'no'],
      ['window', 'object', 'no'],
    ]);
    expect(await body.locator('tr', { hasText: 'mode' }).first().locator('td').last().textContent()).toBe('One of: "fast", "steady"');
    expect(await body.getByRole('region', { name: 'Properties' }).locator('code').allTextContents()).toEqual(['seconds', 'window']);
    const example = block.locator('.code-block', { has: page.locator('.code-title', { hasText: 'Example response' }) });
    // Built from the types and enums (specs' schema text keeps no `example`).
    expect(JSON.parse((await example.locator('code').textContent())!)).toEqual({ minimum: 0, mode: 'fast', window: { seconds: 0 } });
    const samples = block.locator('.openapi-samples');
    expect(await samples.getByRole('tab').allTextContents()).toEqual(['curl', 'JavaScript', 'Python']);
    expect(await samples.getByRole('tabpanel').textContent()).toContain('curl -X PUT "$BASE_URL/scalers/{scalerId}"');
    await samples.getByRole('tab', { name: 'Python' }).click();
    await samples.getByRole('tabpanel').getByRole('button', { name: 'Copy' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('requests.request("PUT", BASE_URL + "/scalers/{scalerId}", headers={"Content-Type": "application/json"}, json={');
    await page.screenshot({ path: join(OUT, `reader-api-${viewport.width}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }
});

it('marks the section being read in "On this page", shows heading links on hover and hints with their icon', async () => {
  const { context, page, problems } = await watched(DESKTOP);
  await page.goto(`${siteUrl}reference`);
  const toc = page.getByRole('complementary', { name: 'On this page' });
  expect(await toc.locator('a[aria-current]').textContent()).toBe('Settings');
  await page.evaluate(() => document.getElementById('limits')!.scrollIntoView());
  await eventually(async () => (await toc.locator('a[aria-current]').textContent()) === 'Limits', 3000);
  await page.evaluate(() => scrollTo(0, 0));
  const anchor = page.locator('#settings .anchor');
  expect(await anchor.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
  await page.locator('#settings').hover();
  expect(await anchor.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  const hint = page.getByRole('note', { name: 'Warning' });
  expect(await hint.evaluate((el) => getComputedStyle(el, '::before').content)).toMatch(/^"!"/);
  await page.screenshot({ path: join(OUT, 'reader-hint-1280.png') });
  expect(problems).toEqual([]);
  await context.close();
});

it('answers the `.gitbook/assets/…` images a page’s markdown names, at the address the `.md` resolves them to', async () => {
  const mdUrl = `${siteUrl}diagram.md`;
  const markdown = await (await fetch(mdUrl)).text();
  const [, target] = /!\[The cluster\]\(<?([^)>]+)>?\)/.exec(markdown) ?? [];
  expect(target).toMatch(/\.gitbook\/assets\/cluster(%20| )diagram\.png$/);
  const asset = new URL(target!.replace(/ /g, '%20'), mdUrl);
  const redirect = await fetch(asset, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const image = await fetch(new URL(redirect.headers.get('location')!, asset));
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await image.arrayBuffer()).toString('base64')).toBe(PNG);
  expect((await fetch(new URL('.gitbook/assets/nothing.png', asset), { redirect: 'manual' })).status).toBe(404);
});
