import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ensureChromium, launchChromium } from '../../../test/support/browser';
import { REPO_ROOT } from '../../../test/support/stack';
import { renderNotFoundPage, renderSearchPage, renderSitePage, siteStylesheet } from '../src';
import { SITE, samplePageView } from './site-views';

// The rendered pages in a real browser (Debian's chromium through playwright-core), from file://
// with the network cut: axe-core finds no violation at desktop and phone widths, the keyboard
// reaches the skip link first, the sidebar is beside main on a desktop and a closed menu on a phone.
// Screenshots are left in test-output/.

const OUT = join(REPO_ROOT, 'test-output');
const AXE = require.resolve('axe-core/axe.min.js');
const DESKTOP = { width: 1400, height: 1000 };
const PHONE = { width: 390, height: 844 };

interface AxeResult {
  violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
}

let browser: Browser;
const files: Record<string, string> = {};

beforeAll(
  async () => {
    ensureChromium();
    browser = await launchChromium();
    mkdirSync(OUT, { recursive: true });
    const write = (name: string, html: string) => {
      files[name] = join(OUT, `site-layout-${name}.html`);
      writeFileSync(files[name], html);
    };
    const view = await samplePageView();
    write('page', renderSitePage(view));
    write(
      'search',
      renderSearchPage({
        site: SITE,
        sections: view.sections,
        pages: view.pages,
        query: 'rockets',
        results: [{ title: 'Installing', url: '/installing', excerpt: 'Run the installer.', context: 'Getting started' }],
      }),
    );
    write('not-found', renderNotFoundPage({ site: SITE, sections: view.sections, pages: view.pages, path: '/nowhere' }));
  },
  15 * 60 * 1000,
);

afterAll(async () => {
  await browser?.close();
});

async function open(name: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  // Only the file itself: logos and previews on other hosts are cut, as is anything else.
  await page.route('**/*', (route) => (route.request().url().startsWith('file://') ? route.continue() : route.abort()));
  await page.goto(`file://${files[name]}`);
  return page;
}

async function axe(page: Page): Promise<AxeResult['violations']> {
  await page.addScriptTag({ path: AXE });
  const result = (await page.evaluate('axe.run(document)')) as AxeResult;
  return result.violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map(({ target }) => ({ target })) }));
}

describe('the site layout in chromium', () => {
  it.each([
    ['page', 'desktop', DESKTOP],
    ['page', 'phone', PHONE],
    ['search', 'desktop', DESKTOP],
    ['not-found', 'phone', PHONE],
  ] as const)(
    '%s at %s width: no axe violation, screenshot saved',
    async (name, width, viewport) => {
      const page = await open(name, viewport);
      expect(await axe(page)).toEqual([]);
      await page.screenshot({ path: join(OUT, `site-layout-${name}-${width}.png`), fullPage: true });
      await page.close();
    },
    120_000,
  );

  it('holds under a strict CSP: the one <style> allowed by its hash, no violation reported', async () => {
    const view = await samplePageView();
    const hash = createHash('sha256').update(siteStylesheet(SITE.customization)).digest('base64');
    const csp = `default-src 'none'; style-src 'sha256-${hash}'; img-src https:; form-action https:; base-uri 'none'; frame-ancestors 'none'`;
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/*', (route) =>
      route.request().url() === 'https://docs.acme.test/getting-started/quickstart/installing'
        ? route.fulfill({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp }, body: renderSitePage(view) })
        : route.abort(),
    );
    await page.goto('https://docs.acme.test/getting-started/quickstart/installing');
    // The stylesheet applied (a wrong hash leaves it `static`): the skip link is off screen until focused.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.skip-link') as Element).position)).toBe('absolute');
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
    await page.close();
  }, 60_000);

  it('puts the skip link first for the keyboard and moves focus to main', async () => {
    const page = await open('page', DESKTOP);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
    await page.close();
  }, 60_000);

  it('shows the page tree beside main on a desktop, behind a closed "Pages" menu on a phone', async () => {
    const desktop = await open('page', DESKTOP);
    expect(await desktop.locator('[aria-current="page"]').isVisible()).toBe(true);
    expect(await desktop.locator('.site-menu > summary').isVisible()).toBe(false);
    await desktop.close();
    const phone = await open('page', PHONE);
    expect(await phone.locator('[aria-current="page"]').isVisible()).toBe(false);
    await phone.locator('.site-menu > summary').click();
    expect(await phone.locator('[aria-current="page"]').isVisible()).toBe(true);
    // Nothing wider than the phone: no sideways scrolling.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.close();
  }, 60_000);
});
