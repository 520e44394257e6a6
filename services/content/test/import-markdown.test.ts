import { OutboundError } from '@quire/platform/outbound';
import { ImportRefused } from '@quire/formats';
import { importMarkdown } from '../src/modules/imports/domain/markdown-import';
import { importDeps, PNG_1X1, serve, type LoopbackSite, type TestDeps } from './import-loopback-server';

const LONG_NAME = 'n'.repeat(3000);

describe('importMarkdown', () => {
  let site: LoopbackSite;
  let deps: TestDeps;
  const GUIDE = [
    '# Getting started 🚀',
    '',
    'Some **bold** text and a [link](other.md#part).',
    '',
    '![logo](img/logo.png) ![again](./img/logo.png) ![sniffed](/raw/diagram)',
    '',
    '<img src="img/inline.png" alt="inline"> ![missing](img/missing.png) ![page](img/not-an-image) ![data](data:image/png;base64,AAAA)',
    '',
    '## Next',
  ].join('\n');

  beforeAll(async () => {
    site = await serve({
      '/docs/guide.md': { type: 'text/markdown; charset=utf-8', body: GUIDE },
      '/docs/img/logo.png': { type: 'image/png', body: PNG_1X1 },
      '/docs/img/inline.png': { type: 'image/png', body: PNG_1X1 },
      '/raw/diagram': { type: 'application/octet-stream', body: PNG_1X1 },
      '/docs/img/not-an-image': { type: 'text/html', body: '<p>sorry</p>' },
      '/docs/no-heading.md': { type: 'text/plain', body: 'Intro first.\n\n# Later heading\n\ntext' },
      '/docs/front.md': { type: 'text/markdown', body: '---\ndescription: "What this page is about"\n---\n\n# Front\n\nbody' },
      '/docs/empty.md': { type: 'text/markdown', body: '' },
      '/docs/binary.md': { type: 'text/markdown', body: Buffer.from([0x23, 0x20, 0x41, 0x00, 0x01, 0x02]) },
      '/docs/picture.md': { type: 'image/png', body: PNG_1X1 },
      '/docs/big.md': { type: 'text/markdown', body: 'x'.repeat(5000) },
      [`/docs/${LONG_NAME}.md`]: { type: 'text/plain', body: `# ${'𝄞'.repeat(300)}\n\n![far](http://127.0.0.2:8081/x.png)` },
      [`/docs/${encodeURIComponent('🎼'.repeat(250))}.md`]: { type: 'text/plain', body: 'no heading' },
      '/docs/utf16.md': { type: 'text/markdown', body: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Ünïcode\n\nbody', 'utf16le')]) },
      '/docs/many.md': { type: 'text/markdown', body: Array.from({ length: 5 }, (_, i) => `![i${i}](/img/${i}.png)`).join('\n') },
      ...Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`/img/${i}.png`, { type: 'image/png', body: PNG_1X1 }])),
    });
  });
  beforeEach(() => {
    deps = importDeps();
    site.requests.length = 0;
  });
  afterEach(() => deps.fetcher.close());
  afterAll(() => site.close());

  it('imports one page titled by its opening heading, which leaves the body, and its images as files', async () => {
    const result = await importMarkdown(site.url('/docs/guide.md'), deps);
    expect(result.pages).toHaveLength(1);
    const [page] = result.pages;
    expect(page).toMatchObject({ title: 'Getting started 🚀', source: site.url('/docs/guide.md'), pages: [] });
    expect(page!.markdown).toMatch(/^Some \*\*bold\*\* text and a \[link\]\(other\.md#part\)\./);
    expect(page!.markdown).not.toContain('Getting started');
    expect(page!.markdown).toContain('## Next');
    // logo.png once (two spellings of one URL), the inline <img>, the octet-stream PNG sniffed.
    expect(result.files.map((f) => [f.source, f.name, f.contentType])).toEqual([
      [site.url('/docs/img/logo.png'), 'logo.png', 'image/png'],
      [site.url('/raw/diagram'), 'diagram.png', 'image/png'],
      [site.url('/docs/img/inline.png'), 'inline.png', 'image/png'],
    ]);
    for (const file of result.files) expect(file.bytes.equals(PNG_1X1)).toBe(true);
    // The page, and five distinct image URLs tried (the data: URL is not fetched).
    expect(result.totalResources).toBe(6);
    expect(deps.lines.filter((l) => l.level === 'warn').map((l) => (l.fields as { url: string }).url)).toEqual(
      expect.arrayContaining([site.url('/docs/img/missing.png'), site.url('/docs/img/not-an-image')]),
    );
  });

  it('keeps a heading that does not open the body, titles by file name without one, and reads front matter', async () => {
    const later = await importMarkdown(site.url('/docs/no-heading.md'), deps);
    expect(later.pages[0]).toMatchObject({ title: 'Later heading', markdown: 'Intro first.\n\n# Later heading\n\ntext' });
    const front = await importMarkdown(site.url('/docs/front.md'), deps);
    expect(front.pages[0]).toMatchObject({ title: 'Front', markdown: 'body', description: 'What this page is about' });
    const empty = await importMarkdown(site.url('/docs/empty.md'), deps);
    expect(empty).toEqual({ pages: [{ title: 'empty', markdown: '', source: site.url('/docs/empty.md'), pages: [] }], files: [], totalResources: 1 });
  });

  it('clips astral titles by code point, reads UTF-16, and skips an image at a refused address', async () => {
    const long = await importMarkdown(site.url(`/docs/${LONG_NAME}.md`), deps);
    expect(long.pages[0]!.title).toBe('𝄞'.repeat(200));
    expect(long.files).toEqual([]);
    expect(long.totalResources).toBe(2);
    expect(deps.lines).toContainEqual(expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ kind: 'refused' }) }));
    const named = await importMarkdown(site.url(`/docs/${encodeURIComponent('🎼'.repeat(250))}.md`), deps);
    expect(named.pages[0]!.title).toBe('🎼'.repeat(200));
    expect((await importMarkdown(site.url('/docs/utf16.md'), deps)).pages[0]).toMatchObject({ title: 'Ünïcode', markdown: 'body' });
  });

  it('fetches at most maxImages images', async () => {
    const capped = importDeps({ maxImages: 2 });
    const result = await importMarkdown(site.url('/docs/many.md'), capped);
    await capped.fetcher.close();
    expect(result.files.map((f) => f.source)).toEqual([site.url('/img/0.png'), site.url('/img/1.png')]);
    expect(result.totalResources).toBe(3);
    expect(site.requests.filter((p) => p.startsWith('/img/'))).toHaveLength(2);
  });

  it('refuses what is not text, and a document over maxFetchBytes', async () => {
    await expect(importMarkdown(site.url('/docs/binary.md'), deps)).rejects.toThrow(
      new ImportRefused(`${site.url('/docs/binary.md')} is not a text document (it contains NUL bytes)`),
    );
    await expect(importMarkdown(site.url('/docs/picture.md'), deps)).rejects.toBeInstanceOf(ImportRefused);
    const small = importDeps({ maxFetchBytes: 1000 });
    await expect(importMarkdown(site.url('/docs/big.md'), small)).rejects.toMatchObject({ kind: 'too-large' });
    await small.fetcher.close();
    await expect(importMarkdown(site.url('/docs/nothing.md'), deps)).rejects.toMatchObject({ kind: 'http', status: 404 });
  });

  it('is refused by the address policy before any request when 127.0.0.1 is not allow-listed', async () => {
    const closed = importDeps({}, []);
    await expect(importMarkdown(site.url('/docs/guide.md'), closed)).rejects.toEqual(expect.objectContaining({ kind: 'refused' }));
    await expect(importMarkdown(site.url('/docs/guide.md'), closed)).rejects.toBeInstanceOf(OutboundError);
    expect(site.requests).toEqual([]);
    await closed.fetcher.close();
  });
});
