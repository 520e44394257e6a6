import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { ensureChromium, launchChromium } from '../support/browser';
import { TodayLedger } from '../support/client-0202';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { startGitServer, type GitServer } from '../support/git-server';
import { eventually } from '../support/eventually';
import { apiClient } from '../support/api';
import { currentStack, REPO_ROOT } from '../support/stack';

// More of a published page that reads like GitBook's, in chromium under the reader's CSP
// (docs/reader.md, Pages that read like GitBook's): page emoji in the title, the sidebar and the
// links around the page. axe-core at 0 serious or critical; screenshots in
// test-output/reader-more-*.png.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const OUT = join(REPO_ROOT, 'test-output');
const AXE = require.resolve('axe-core/axe.min.js');
let api: GitBookAPI;
let orgId: string;
let browser: Browser;
let v1: string;
let v2: string;
let siteUrl: string;
let gitServer: GitServer;
let siteId: string;
let raw: ReturnType<typeof apiClient>;

beforeAll(
  async () => {
    ensureChromium();
    browser = await launchChromium();
    mkdirSync(OUT, { recursive: true });
    const own = await buildOrganization(stack, 'Reader pages more org');
    orgId = own.id;
    api = ledger.client(own.admin.token);
    const { data: first } = await api.orgs.createSpace(orgId, { title: 'Version 1' });
    await mergeChanges(api, first.id, [
      // An emoji wins over an icon.
      { operation: 'insert_page', title: 'Overview', emoji: '1f680', icon: 'rocket', document: { markdown: 'The first version.' } },
      { operation: 'insert_page', title: 'Setup', emoji: '🧰', document: { markdown: 'Set version 1 up.' } },
      { operation: 'insert_page', title: 'Legacy', emoji: '<b>x</b>', icon: 'no-such-icon', document: { markdown: 'Only in version 1.' } },
      { operation: 'insert_page', title: 'Reference', icon: 'gear', document: { markdown: 'The settings.' } },
    ] as never);
    const { data: second } = await api.orgs.createSpace(orgId, { title: 'Version 2' });
    await mergeChanges(api, second.id, [
      { operation: 'insert_page', title: 'Overview', document: { markdown: 'The second version.' } },
      { operation: 'insert_page', title: 'Setup', document: { markdown: 'Set version 2 up.' } },
    ] as never);
    [v1, v2] = [first.id, second.id];
    // Version 1 is Git-synced; the tree URL the sync was given names its repository on GitHub.
    gitServer = await startGitServer();
    gitServer.createRepository('handbook');
    const exported = await api.spaces.exportToGitRepository(v1, {
      url: gitServer.url('handbook'),
      ref: 'refs/heads/main',
      commitMessage: 'Docs from Quire',
      repoTreeURL: 'https://github.com/acme/handbook/tree/main',
    });
    expect(exported.status).toBe(204);
    raw = apiClient(stack, own.admin.token);
    await eventually(async () => {
      const op = await raw.get(`/v1/spaces/${v1}/git/operations/latest`);
      return op.status === 200 && op.body.state !== 'running';
    }, 60_000);
    expect((await raw.get(`/v1/spaces/${v1}/git/operations/latest`)).body.state).toBe('success');
    const { data: site } = await api.orgs.createSite(orgId, { title: 'More docs', visibility: SiteVisibility.Public, spaces: [v1] });
    await api.orgs.addSpaceToSite(orgId, site.id, { spaceId: v2 });
    // Not in 0.202.0's SiteCustomizationSettings; Quire keeps it with the customization (docs/reader.md).
    await api.orgs.updateSiteCustomizationById(orgId, site.id, { git: { showEditLink: true }, feedback: { enabled: true } } as never);
    await api.orgs.publishSite(orgId, site.id);
    siteId = site.id;
    siteUrl = (await api.orgs.getSiteById(orgId, site.id)).data.urls.published!;
  },
  10 * 60 * 1000,
);

afterAll(async () => {
  await browser?.close();
  await gitServer?.close();
  expect(ledger.problems()).toEqual([]);
});

/** A page that records what a visitor's browser shows as errors (a script or style the CSP blocked is one). */
async function watchedPage(viewport = { width: 1280, height: 900 }): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`);
  });
  return { page, problems };
}

/** axe-core on a copy of the page (the CSP forbids axe's own script on the page itself). */
/** The computed font-family of the first element `selector` finds. */
function fontFamilyOf(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).fontFamily);
}

async function seriousViolations(page: Page): Promise<Array<{ id: string; impact: string }>> {
  const check = await browser.newPage();
  await check.setContent((await page.content()).replace(/<script[^>]*><\/script>/g, ''));
  await check.addScriptTag({ path: AXE });
  const { violations } = (await check.evaluate('axe.run(document)')) as { violations: Array<{ id: string; impact: string }> };
  await check.close();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(({ id, impact }) => ({ id, impact }));
}

it('shows page emoji before the title, in the sidebar and on previous/next; never anything but emoji', async () => {
  const { page, problems } = await watchedPage();
  expect((await page.goto(`${siteUrl}setup`))?.status()).toBe(200);
  expect(await page.locator('h1 .page-emoji').textContent()).toBe('🧰');
  expect(await page.locator('h1 .page-emoji').getAttribute('aria-hidden')).toBe('true');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('🧰Setup');
  const tree = page.locator('nav.page-tree');
  expect(await tree.locator('a', { hasText: 'Overview' }).locator('.page-emoji').textContent()).toBe('🚀');
  expect(await tree.locator('a', { hasText: 'Setup' }).locator('.page-emoji').textContent()).toBe('🧰');
  // Not an emoji: left out, and no markup of it reaches the page.
  expect(await tree.locator('a', { hasText: 'Legacy' }).locator('.page-emoji').count()).toBe(0);
  expect(await page.locator('main b').count()).toBe(0);
  expect(await page.locator('a[rel=prev] .page-emoji').textContent()).toBe('🚀');
  expect(await page.locator('a[rel=next]').textContent()).toContain('Legacy');
  expect(await page.locator('a[rel=next] .page-emoji').count()).toBe(0);
  const html = await (await fetch(`${siteUrl}legacy`)).text();
  expect(html).not.toContain('<b>x</b>');
  expect(html).not.toContain('&lt;b&gt;x');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(OUT, 'reader-more-emoji.png'), fullPage: true });
  expect(problems).toEqual([]);
  await page.close();
});

it("shows a page's icon (Font Awesome Free, bundled) where an emoji would be, when it has none; never an unknown name", async () => {
  const { page, problems } = await watchedPage();
  expect((await page.goto(`${siteUrl}reference`))?.status()).toBe(200);
  const icon = page.locator('h1 svg.page-icon');
  expect(await icon.getAttribute('aria-hidden')).toBe('true');
  expect(await icon.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
  expect(await icon.locator('path').count()).toBe(1);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Reference');
  const box = (await icon.boundingBox())!;
  expect(box.width).toBeGreaterThan(8);
  const tree = page.locator('nav.page-tree');
  expect(await tree.locator('a', { hasText: 'Reference' }).locator('svg.page-icon').count()).toBe(1);
  // The emoji wins over the icon; an unknown icon name shows nothing.
  expect(await tree.locator('a', { hasText: 'Overview' }).locator('svg').count()).toBe(0);
  expect(await tree.locator('a', { hasText: 'Overview' }).locator('.page-emoji').textContent()).toBe('🚀');
  expect(await tree.locator('a', { hasText: 'Legacy' }).locator('svg, .page-emoji').count()).toBe(0);
  expect(await page.locator('a[rel=prev]').textContent()).toContain('Legacy');
  expect(await page.locator('a[rel=prev] svg').count()).toBe(0);
  await page.goto(`${siteUrl}legacy`);
  expect(await page.locator('a[rel=next] svg.page-icon').count()).toBe(1);
  expect(await page.locator('h1 svg').count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(OUT, 'reader-more-icons.png'), fullPage: true });
  expect(problems).toEqual([]);
  await page.close();
});

it('keeps the same page when switching versions, or opens the other version home when it lacks it', async () => {
  const { page, problems } = await watchedPage();
  const menu = page.getByRole('navigation', { name: 'Versions and languages' });
  const hrefOf = (title: string) => menu.locator('a', { hasText: title }).getAttribute('href');
  // A page version 2 lacks: its home, where the first page is shown.
  expect((await page.goto(`${siteUrl}legacy`))?.status()).toBe(200);
  const v2Home = (await hrefOf('Version 2'))!;
  await menu.locator('summary').click();
  await menu.getByRole('link', { name: 'Version 2' }).click();
  await page.waitForLoadState();
  expect(new URL(page.url()).pathname).toBe(v2Home);
  expect(await page.locator('main').textContent()).toContain('The second version.');
  // A page both have: the same page in the other version, and back.
  expect((await page.goto(`${siteUrl}setup`))?.status()).toBe(200);
  expect(await hrefOf('Version 2')).toBe(`${v2Home.replace(/\/$/, '')}/setup`);
  await menu.locator('summary').click();
  await menu.getByRole('link', { name: 'Version 2' }).click();
  await page.waitForLoadState();
  expect(new URL(page.url()).pathname).toBe(`${v2Home.replace(/\/$/, '')}/setup`);
  expect(await page.locator('main').textContent()).toContain('Set version 2 up.');
  expect(await menu.locator('summary').textContent()).toContain('Version 2');
  await menu.locator('summary').click();
  await menu.getByRole('link', { name: 'Version 1' }).click();
  await page.waitForLoadState();
  expect(new URL(page.url()).pathname).toBe(`${new URL(siteUrl).pathname}setup`);
  expect(await page.locator('main').textContent()).toContain('Set version 1 up.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(OUT, 'reader-more-versions.png'), fullPage: true });
  expect(problems).toEqual([]);
  await page.close();
});

it('links a Git-synced page to its file in the repository ("Edit on GitHub"), only when the site asks for it', async () => {
  const { page, problems } = await watchedPage();
  expect((await page.goto(`${siteUrl}setup`))?.status()).toBe(200);
  const edit = page.getByRole('link', { name: 'Edit on GitHub' });
  expect(await edit.getAttribute('href')).toBe('https://github.com/acme/handbook/blob/main/setup.md');
  expect(await edit.getAttribute('rel')).toBe('noopener noreferrer');
  // The first page is the repository's README.md.
  await page.goto(siteUrl);
  expect(await edit.getAttribute('href')).toBe('https://github.com/acme/handbook/blob/main/README.md');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(OUT, 'reader-more-edit-link.png'), fullPage: true });
  // Version 2 is not synced: no link.
  const v2Home = (await page.getByRole('navigation', { name: 'Versions and languages' }).locator('a', { hasText: 'Version 2' }).getAttribute('href'))!;
  await page.goto(new URL(`${v2Home.replace(/\/$/, '')}/setup`, siteUrl).href);
  expect(await page.locator('main').textContent()).toContain('Set version 2 up.');
  expect(await page.locator('.edit-link').count()).toBe(0);
  expect(problems).toEqual([]);
  await page.close();
});

it("links to the page's file under the repository's .gitbook.yaml root (docs/…)", async () => {
  gitServer.createRepository('rooted', {
    '.gitbook.yaml': 'root: ./docs/\n',
    'docs/README.md': '# Welcome\n\nThe rooted docs.\n',
    'docs/install.md': '# Install\n\nInstall it.\n',
    'docs/SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n',
  });
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Rooted' });
  const imported = await api.spaces.importGitRepository(space.id, {
    url: gitServer.url('rooted'),
    ref: 'refs/heads/main',
    repoTreeURL: 'https://github.com/acme/rooted/tree/main',
  });
  expect(imported.status).toBe(204);
  await eventually(async () => {
    const op = await raw.get(`/v1/spaces/${space.id}/git/operations/latest`);
    return op.status === 200 && op.body.state !== 'running';
  }, 60_000);
  expect((await raw.get(`/v1/spaces/${space.id}/git/operations/latest`)).body.state).toBe('success');
  const { data: site } = await api.orgs.createSite(orgId, { title: 'Rooted docs', visibility: SiteVisibility.Public, spaces: [space.id] });
  await api.orgs.updateSiteCustomizationById(orgId, site.id, { git: { showEditLink: true } } as never);
  await api.orgs.publishSite(orgId, site.id);
  const rootedUrl = (await api.orgs.getSiteById(orgId, site.id)).data.urls.published!;
  const html = await (await fetch(`${rootedUrl}install`)).text();
  expect(html).toContain('href="https://github.com/acme/rooted/blob/main/docs/install.md"');
  expect(await (await fetch(rootedUrl)).text()).toContain('href="https://github.com/acme/rooted/blob/main/docs/README.md"');
});

it('asks whether the page helped (good, ok, bad) and for a comment; each answer, with or without script, is counted', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  expect((await page.goto(`${siteUrl}setup`))?.status()).toBe(200);
  const form = page.getByRole('form', { name: 'Was this page helpful?' });
  expect(await form.getAttribute('method')).toBe('post');
  const pageStyle = await page.locator('style').textContent();
  expect(await form.getByRole('button').allTextContents()).toEqual(['Yes', 'Somewhat', 'No']);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(OUT, 'reader-more-feedback.png'), fullPage: true });
  // Without script: the rating is posted, the answer thanks and offers a comment, posted the same way.
  const answered = page.waitForResponse((r) => r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Somewhat' }).click();
  const post = await answered;
  expect(post.status()).toBe(200);
  expect(post.headers()['cache-control']).toBe('private, no-store');
  await page.waitForLoadState();
  expect(await page.locator('h1').textContent()).toBe('Thank you for your feedback.');
  // In the site's chrome, like its other pages: its header and title, the same stylesheet (theme, fonts), a way back.
  expect(await page.locator('header .site-title').textContent()).toContain('More docs');
  expect(await page.locator('header .site-title').getAttribute('href')).toBe(new URL(siteUrl).pathname);
  expect(await page.locator('style').textContent()).toBe(pageStyle);
  expect(await page.title()).toBe('Thank you for your feedback. | More docs');
  expect(await page.getByRole('link', { name: 'Back to the page' }).getAttribute('href')).toBe(`${new URL(siteUrl).pathname}setup`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(OUT, 'reader-more-feedback-thanks.png'), fullPage: true });
  await page.getByLabel(/Anything to add/).fill('Missing the <b>proxy</b> step.');
  const commented = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send comment' }).click();
  expect((await commented).status()).toBe(200);
  await page.waitForLoadState();
  expect(await page.locator('main').textContent()).toContain('Your comment was sent.');
  await page.getByRole('link', { name: 'Back to the page' }).click();
  await page.waitForLoadState();
  expect(new URL(page.url()).pathname).toBe(`${new URL(siteUrl).pathname}setup`);
  // Anything but a rating is no feedback: the page refuses the POST as before; a comment past 512 characters is a 400 naming it.
  const refused = await fetch(`${siteUrl}setup?feedback=great`, { method: 'POST' });
  expect(refused.status).toBe(405);
  const tooLong = await fetch(`${siteUrl}setup?feedback=ok`, { method: 'POST', body: new URLSearchParams({ comment: 'x'.repeat(513) }) });
  expect(tooLong.status).toBe(400);
  expect(await tooLong.text()).toContain('Invalid body field &#34;comment&#34;');
  await context.close();
  // With the reader's script: posted in place, the visitor thanked on the same page, the comment too.
  const { page: scripted, problems } = await watchedPage();
  await scripted.goto(`${siteUrl}setup`);
  const scriptedForm = scripted.getByRole('form', { name: 'Was this page helpful?' });
  await scriptedForm.getByRole('button', { name: 'Somewhat' }).click();
  await scripted.getByRole('status').filter({ hasText: 'Thank you for your feedback.' }).waitFor();
  expect(new URL(scripted.url()).pathname).toBe(`${new URL(siteUrl).pathname}setup`);
  expect(await scriptedForm.getByRole('button', { name: 'Yes' }).isDisabled()).toBe(true);
  await scripted.getByLabel(/Anything to add/).fill('Clear, but short.');
  await scripted.getByRole('button', { name: 'Send comment' }).click();
  await scripted.getByRole('status').filter({ hasText: 'Thank you for your comment.' }).waitFor();
  expect(new URL(scripted.url()).pathname).toBe(`${new URL(siteUrl).pathname}setup`);
  expect(await seriousViolations(scripted)).toEqual([]);
  await scripted.screenshot({ path: join(OUT, 'reader-more-feedback-comment.png'), fullPage: true });
  expect(problems).toEqual([]);
  await scripted.close();
  const aggregate = async (column: string) => {
    const res = await raw.post(`/v1/orgs/${orgId}/sites/${siteId}/insights/events/aggregate`, {
      range: 'last24Hours',
      select: [{ column }, { column: 'eventsCount' }],
      groupBy: [{ column }],
    });
    const columns = (res.body as { columns: Array<{ column: string; values: unknown[] }> }).columns;
    const keys = columns.find((c) => c.column === column)?.values ?? [];
    const counts = columns.find((c) => c.column === 'eventsCount')?.values ?? [];
    return Object.fromEntries(keys.map((k, i) => [String(k), Number(counts[i])]));
  };
  let types: Record<string, number> = {};
  await eventually(async () => {
    types = await aggregate('eventType');
    return (types.page_post_feedback ?? 0) >= 2 && (types.page_post_feedback_comment ?? 0) >= 2;
  }, 20_000);
  expect([types.page_post_feedback, types.page_post_feedback_comment]).toEqual([2, 2]);
  expect(await aggregate('eventPageFeedbackComment')).toMatchObject({ 'Missing the <b>proxy</b> step.': 1, 'Clear, but short.': 1 });
  expect(await aggregate('eventPageFeedbackRating')).toMatchObject({ ok: 4 });

  // Turned off, the form goes and a hand-made rating is refused, kept page or not.
  await api.orgs.updateSiteCustomizationById(orgId, siteId, { feedback: { enabled: false } } as never);
  await eventually(async () => !(await (await fetch(`${siteUrl}setup`)).text()).includes('Was this page helpful?'), 30_000);
  const unasked = await fetch(`${siteUrl}setup?feedback=good`, { method: 'POST', redirect: 'manual' });
  expect(unasked.status).toBe(405);
});

it("sets the site's font from the reader's own bundled files, kept for good; nothing from another host", async () => {
  const { data: site } = await api.orgs.createSite(orgId, { title: 'Inter docs', visibility: SiteVisibility.Public, spaces: [v2] });
  await api.orgs.updateSiteCustomizationById(orgId, site.id, { styling: { font: 'Inter' } } as never);
  await api.orgs.publishSite(orgId, site.id);
  const interUrl = (await api.orgs.getSiteById(orgId, site.id)).data.urls.published!;
  const { page, problems } = await watchedPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  const fontAnswer = page.waitForResponse((r) => /\/~quire\/font-inter-400\.[0-9a-f]{16}\.woff2$/.test(r.url()));
  expect((await page.goto(`${interUrl}setup`))?.status()).toBe(200);
  const font = await fontAnswer;
  expect(font.status()).toBe(200);
  expect(font.headers()['content-type']).toBe('font/woff2');
  expect(font.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await page.evaluate('document.fonts.ready');
  expect(await page.evaluate('getComputedStyle(document.body).fontFamily')).toMatch(/^"?Inter"?, system-ui/);
  expect(await page.evaluate('document.fonts.check("16px Inter")')).toBe(true);
  expect(await page.evaluate('[...document.fonts].some((f) => f.family.replace(/"/g, "") === "Inter" && f.status === "loaded")')).toBe(true);
  expect(requested.every((url) => url.startsWith(new URL(interUrl).origin))).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(OUT, 'reader-more-font.png'), fullPage: true });
  expect(problems).toEqual([]);
  await page.close();
});

it("sets headings and code in the site's heading and monospace fonts, from the reader's own immutable files", async () => {
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Fonts' });
  await mergeChanges(api, space.id, [
    { operation: 'insert_page', title: 'Code', document: { markdown: 'Start here.\n\n# Install\n\nRun `npm ci` first.\n\n```bash\nnpm ci\n```' } },
  ] as never);
  const { data: site } = await api.orgs.createSite(orgId, { title: 'Font docs', visibility: SiteVisibility.Public, spaces: [space.id] });
  await api.orgs.updateSiteCustomizationById(orgId, site.id, {
    styling: { font: 'Inter', headingFont: 'RobotoSlab', monospaceFont: 'JetBrainsMono' },
  } as never);
  await api.orgs.publishSite(orgId, site.id);
  const fontsUrl = (await api.orgs.getSiteById(orgId, site.id)).data.urls.published!;
  const { page, problems } = await watchedPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  const fontFiles: Array<{ url: string; status: number; cacheControl?: string }> = [];
  page.on('response', (r) => {
    if (/\/~quire\/font-/.test(r.url())) fontFiles.push({ url: r.url(), status: r.status(), cacheControl: r.headers()['cache-control'] });
  });
  expect((await page.goto(fontsUrl))?.status()).toBe(200);
  await page.evaluate('document.fonts.ready');
  expect(await fontFamilyOf(page, 'main h2')).toMatch(/^"?Roboto Slab"?, system-ui/);
  expect(await fontFamilyOf(page, 'main pre code')).toMatch(/^"?JetBrains Mono"?, ui-monospace/);
  expect(await fontFamilyOf(page, 'main p code')).toMatch(/^"?JetBrains Mono"?/);
  expect(await page.evaluate('document.fonts.check("700 24px \\"Roboto Slab\\"")')).toBe(true);
  expect(await page.evaluate('document.fonts.check("400 14px \\"JetBrains Mono\\"")')).toBe(true);
  const loaded = await page.evaluate('[...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family.replace(/"/g, ""))');
  expect(loaded).toEqual(expect.arrayContaining(['Roboto Slab', 'JetBrains Mono']));
  expect(
    fontFiles.map((f) =>
      new URL(f.url).pathname
        .split('/')
        .pop()!
        .replace(/\.[0-9a-f]{16}\./, '.'),
    ),
  ).toEqual(expect.arrayContaining(['font-roboto-slab-700.woff2', 'font-jetbrains-mono-400.woff2']));
  for (const file of fontFiles) expect([file.status, file.cacheControl]).toEqual([200, 'public, max-age=31536000, immutable']);
  expect(requested.every((url) => url.startsWith(new URL(fontsUrl).origin))).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: join(OUT, 'reader-more-heading-code-fonts.png'), fullPage: true });
  expect(problems).toEqual([]);
  await page.close();
});
