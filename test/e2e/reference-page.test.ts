import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { apiClient } from '../support/api';
import { ensureChromium, launchChromium } from '../support/browser';
import { currentStack, REPO_ROOT } from '../support/stack';

// The gateway's API reference page (`GET /docs`, Swagger UI), opened in a real
// browser with the network cut: everything it needs comes from the gateway, every operation of the
// document is listed under each of its tags, an operation's details open, and
// "Try it out" reaches the gateway with the token given under "Authorize".

const stack = currentStack();
const api = apiClient(stack);
const SCREENSHOT = join(REPO_ROOT, 'test-output', `reference-page-${stack.target}.png`);
/** A loaded CI machine renders a 1.5 MB bundle and a 270-operation document slowly (the filter once took over 30 s to show). */
const WAIT = { timeout: 90_000 };

/** A tag of each service: the page must list every operation of these, and of every other tag. */
const ONE_TAG_PER_SERVICE = ['users', 'spaces', 'sites', 'openapi', 'site-insights'];

type OpenApiDocument = { paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> };

let browser: Browser;

beforeAll(
  async () => {
    ensureChromium();
    browser = await launchChromium();
  },
  15 * 60 * 1000,
);

afterAll(async () => {
  await browser?.close();
});

/** Opens the page with every request that is not to this gateway aborted, and recorded. */
async function openOffline(): Promise<{ page: Page; outside: string[]; consoleErrors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  // Every action waits as long as the page's load may take (Playwright's own default is 30 s).
  page.setDefaultTimeout(WAIT.timeout);
  const outside: string[] = [];
  const gateway = new URL(stack.url).host;
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.host === gateway || url.protocol === 'data:') return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(`${stack.url}/docs`, WAIT);
  return { page, outside, consoleErrors };
}

/** Swagger UI's block id of each operation under each of its tags: `operations-<tag>-<operationId>`. */
function blockIdsByTag(document: OpenApiDocument): Map<string, string[]> {
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
  const byTag = new Map<string, string[]>();
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      for (const tag of operation.tags ?? []) byTag.set(tag, [...(byTag.get(tag) ?? []), `operations-${tag}-${operation.operationId}`]);
    }
  }
  return byTag;
}

/**
 * The block ids the page lists under one tag. Swagger UI virtualizes a list of 150 entries or more
 * (only what is on screen is in the DOM), so the tag is typed into the page's filter first: the
 * filtered list (tags whose name, paths or operation ids match) is short and rendered whole.
 */
async function listedUnderTag(page: Page, tag: string): Promise<string[]> {
  await page.locator('.operation-filter-input').fill(tag);
  await page.waitForFunction(
    (phrase) => {
      const ui = (window as unknown as { ui: { layoutSelectors: { currentFilter(): string } } }).ui;
      return ui.layoutSelectors.currentFilter() === phrase && document.querySelector(`h3.opblock-tag[data-tag="${phrase}"]`) !== null;
    },
    tag,
    WAIT,
  );
  const section = page.locator('.opblock-tag-section').filter({ has: page.locator(`h3.opblock-tag[data-tag="${tag}"]`) });
  return section.locator('.opblock').evaluateAll((blocks) => blocks.map((block) => block.id));
}

describe('GET /docs', () => {
  it('answers the page and its assets without a token, cached by version, under a same-origin policy', async () => {
    const res = await fetch(`${stack.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("script-src 'self';");
    const html = await res.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.map((a) => a.replace(/\?.*/, ''))).toEqual(['/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js', '/docs/assets/reference.js']);
    for (const asset of assets) {
      const answer = await fetch(`${stack.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.get('content-type')).toMatch(asset.includes('.css') ? /^text\/css/ : /^text\/javascript/);
    }
    const bundle = await fetch(`${stack.url}/docs/assets/swagger-ui-bundle.js`);
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers a JSON 404 for a file that is not one of the page’s assets', async () => {
    for (const name of ['package.json', 'index.html', '..%2Fpackage.json', 'swagger-ui-bundle.js.map']) {
      const res = await fetch(`${stack.url}/docs/assets/${name}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 404, message: expect.stringContaining('No reference page asset') } });
    }
  });

  it(
    'renders offline, lists every operation, opens one and sends GET /v1/user with the token',
    async () => {
      const user = await api.get('/v1/user');
      expect(user.status).toBe(200);
      const document = (await (await fetch(`${stack.url}/openapi.json`)).json()) as OpenApiDocument;
      const expected = blockIdsByTag(document);
      expect([...expected.keys()]).toEqual(expect.arrayContaining(ONE_TAG_PER_SERVICE));
      const { page, outside, consoleErrors } = await openOffline();
      try {
        // Every operation of the document, under each of its tags.
        for (const [tag, ids] of expected) expect({ tag, listed: (await listedUnderTag(page, tag)).sort() }).toEqual({ tag, listed: [...ids].sort() });
        await listedUnderTag(page, 'users');

        // The token, as a reader gives it: "Authorize", the bearer value, "Authorize", "Close".
        await page.locator('.auth-wrapper button.authorize').click();
        await page.locator('.modal-ux input').first().fill(stack.token);
        await page.locator('.modal-ux button.authorize').click();
        await page.locator('.modal-ux button.btn-done').click();

        // The details of one operation, then "Try it out" → "Execute", to this gateway.
        const operation = page.locator(`[id="${'operations-users-getAuthenticatedUser'}"]`);
        await operation.locator('.opblock-summary').first().click();
        await operation.locator('.responses-wrapper').waitFor(WAIT);
        await operation.locator('button.try-out__btn').click();
        const sent = page.waitForRequest((request) => request.url() === `${stack.url}/v1/user`, WAIT);
        await operation.locator('button.execute').click();
        const request = await sent;
        expect(request.method()).toBe('GET');
        expect(request.headers().authorization).toBe(`Bearer ${stack.token}`);
        expect((await request.response())?.status()).toBe(200);
        await operation.locator('.live-responses-table .response-col_status', { hasText: '200' }).first().waitFor(WAIT);
        await operation.locator('.live-responses-table', { hasText: user.body.id }).waitFor(WAIT);

        mkdirSync(join(REPO_ROOT, 'test-output'), { recursive: true });
        await page.screenshot({ path: SCREENSHOT, fullPage: false });
        expect(outside).toEqual([]);
        expect(consoleErrors).toEqual([]);
      } finally {
        await page.close();
      }
    },
    5 * 60 * 1000,
  );
});
