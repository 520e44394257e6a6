import { ImportRefused } from '@quire/formats';
import { importHtml } from '../src/modules/imports/domain/html-import';
import { importDeps, PNG_1X1, serve, type LoopbackSite, type TestDeps } from './import-loopback-server';

describe('importHtml', () => {
  let site: LoopbackSite;
  let deps: TestDeps;
  const PAGE = `<!doctype html><html><head><title>Install</title></head><body>
    <header><a href="/">Acme</a></header><nav><a href="/a">Menu entry</a></nav>
    <main><h1>Install</h1><p>Run <code>npm i</code>, see <a href="setup.html">setup</a>.</p>
    <img src="pics/shot.png" alt="Shot"><img src="/pics/shot.png" alt="Same shot">
    <table><tr><th>Key</th><th>Value</th></tr><tr><td>a</td><td>1</td></tr></table></main>
    <footer>© Acme</footer></body></html>`;

  beforeAll(async () => {
    site = await serve({
      '/guide/install.html': { type: 'text/html; charset=utf-8', body: PAGE },
      '/pics/shot.png': { type: 'image/png', body: PNG_1X1 },
      '/guide/pics/shot.png': { type: 'image/png', body: PNG_1X1 },
      '/guide/untitled.html': { type: 'text/html', body: '<p>Just text, <h2>a heading</h2></p>' },
      '/guide/bare.html': { type: 'text/html', body: '<p>Nothing to title it by</p>' },
      '/guide/latin1.html': { type: 'text/html; charset=iso-8859-1', body: Buffer.from('<title>Caf\xe9</title><p>cr\xe8me</p>', 'latin1') },
      '/guide/zip.html': { type: 'application/zip', body: Buffer.from('PK\x03\x04') },
      // A redirect to another loopback address, one that is not allow-listed.
      '/guide/moved': () => ({ status: 302, body: '', headers: { location: site.url('/guide/install.html').replace('127.0.0.1', '127.0.0.2') } }),
    });
  });
  beforeEach(() => {
    deps = importDeps();
    site.requests.length = 0;
  });
  afterEach(() => deps.fetcher.close());
  afterAll(() => site.close());

  it('imports the main content as one page with its title, chrome dropped, images as files', async () => {
    const result = await importHtml(site.url('/guide/install.html'), deps);
    expect(result.pages).toHaveLength(1);
    const page = result.pages[0]!;
    expect(page.title).toBe('Install');
    expect(page.source).toBe(site.url('/guide/install.html'));
    expect(page.markdown).not.toMatch(/^# Install/); // the title is not repeated as the opening heading
    expect(page.markdown).toContain('Run `npm i`, see [setup](setup.html).');
    expect(page.markdown).toContain('![Shot](pics/shot.png)');
    expect(page.markdown).toContain('| Key | Value |\n| --- | --- |\n| a | 1 |');
    for (const chrome of ['Menu entry', '© Acme', 'Acme](/']) expect(page.markdown).not.toContain(chrome);
    expect(result.files.map((f) => [f.source, f.name, f.contentType, f.bytes.length])).toEqual([
      [site.url('/guide/pics/shot.png'), 'shot.png', 'image/png', PNG_1X1.length],
      [site.url('/pics/shot.png'), 'shot.png', 'image/png', PNG_1X1.length],
    ]);
    expect(result.totalResources).toBe(3);
  });

  it('titles by the first heading, else the file name, and decodes the declared charset', async () => {
    expect((await importHtml(site.url('/guide/untitled.html'), deps)).pages[0]!.title).toBe('a heading');
    expect((await importHtml(site.url('/guide/bare.html'), deps)).pages[0]).toMatchObject({ title: 'bare', markdown: 'Nothing to title it by' });
    expect((await importHtml(site.url('/guide/latin1.html'), deps)).pages[0]).toMatchObject({ title: 'Café', markdown: 'crème' });
  });

  it('refuses a binary content type, and a redirect to an address that is not allow-listed', async () => {
    await expect(importHtml(site.url('/guide/zip.html'), deps)).rejects.toBeInstanceOf(ImportRefused);
    await expect(importHtml(site.url('/guide/moved'), deps)).rejects.toMatchObject({ kind: 'refused' });
    expect(site.requests).toEqual(['/guide/zip.html', '/guide/moved']);
  });
});
