import { pdfLines, pdfPages } from '../../../test/support/pdf-text';
import { crc32, deflateSync } from 'node:zlib';
import { renderPdf, type PdfSource } from '../src/pdf/render-pdf';

// The PDF export read back as text: what a reader of the exported change request would see.

const PNG = makePng(40, 20);

const GUIDE = `Intro with **bold**, *italic*, \`inline code\`, ~~struck~~ and a [link](https://example.test/docs).

## Install

1. Download
2. Run
   - nested bullet item
   - second nested

- [ ] open task
- [x] done task

> A quoted line.

\`\`\`ts
function greet(name: string) {
    return 'hello ' + name; // indented
}
\`\`\`

| Column A | Column B |
| -------- | -------- |
| cell one | cell two |

{% hint style="warning" %}
Hint body text.
{% endhint %}

{% tabs %}
{% tab title="First tab" %}
Inside the first tab.
{% endtab %}
{% endtabs %}

![A diagram](.gitbook/assets/diagram.png)

![Lost picture](.gitbook/assets/missing.png)

![Remote picture](https://example.test/remote.png)
`;

const source = (pages: PdfSource['pages'], image: PdfSource['image'] = async () => undefined): PdfSource => ({ title: 'Handbook', pages, image });

function imageOf(target: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  return Promise.resolve(target.endsWith('diagram.png') ? { bytes: PNG, contentType: 'image/png' } : undefined);
}

describe('renderPdf', () => {
  let pdf: Buffer;
  let pages: string[];
  const requested: string[] = [];
  let fetches: jest.SpyInstance;

  beforeAll(async () => {
    fetches = jest.spyOn(globalThis, 'fetch');
    pdf = await renderPdf(
      source(
        [
          { id: 'p1', title: 'Getting started', depth: 0, markdown: GUIDE },
          { id: 'g1', title: 'Reference group', depth: 0, markdown: '' },
          { id: 'p2', title: 'Языки и 文字', depth: 1, markdown: 'Привет, мир! 你好，世界。 Mixed: hello Привет 你好' },
        ],
        (target, fromPageId) => {
          requested.push(`${fromPageId}:${target}`);
          return imageOf(target);
        },
      ),
    );
    pages = pdfPages(pdf);
    fetches.mockRestore();
  });

  it('is a PDF with one page per docs page, each starting with its title', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Handbook');
    expect(pages[0]).toContain('Getting started');
    expect(pages[1]).toContain('Reference group');
    expect(pages[2]).toContain('Языки и 文字');
  });

  it('keeps the text of marks, lists, tasks, quotes, tables and GitBook blocks', () => {
    const text = pages[0] as string;
    for (const expected of ['bold', 'italic', 'inline code', 'struck', 'link', 'Install', 'Download', 'nested bullet item', 'A quoted line.']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('[ ] open task');
    expect(text).toContain('[x] done task');
    expect(text).toContain('cell one');
    expect(text).toContain('Column B');
    expect(text).toContain('Warning');
    expect(text).toContain('Hint body text.');
    expect(text).toContain('First tab');
    expect(text).toContain('Inside the first tab.');
  });

  it('keeps code lines verbatim, indentation included', () => {
    const lines = pdfLines(pdf)[0] as { x: number; text: string }[];
    const opening = lines.find((line) => line.text === 'function greet(name: string) {');
    const indented = lines.find((line) => line.text === "return 'hello ' + name; // indented");
    expect(opening).toBeDefined();
    expect(indented).toBeDefined();
    // Four monospace spaces: pdf.js reports leading spaces as the line's start, not as text.
    expect((indented?.x ?? 0) - (opening?.x ?? 0)).toBeGreaterThan(15);
  });

  it('renders Cyrillic and CJK text', () => {
    expect(pages[2]).toContain('Привет, мир!');
    expect(pages[2]).toContain('你好，世界。');
    expect(pages[2]).toContain('hello Привет 你好');
  });

  it('embeds revision images and shows the alt text of missing and remote ones', () => {
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(pages[0]).not.toContain('A diagram');
    expect(pages[0]).toContain('[image: Lost picture]');
    expect(pages[0]).toContain('[image: Remote picture]');
    // The source is asked (and it answers undefined for URLs): renderPdf itself never fetches.
    expect(fetches).not.toHaveBeenCalled();
    expect(requested).toEqual(expect.arrayContaining(['p1:.gitbook/assets/diagram.png', 'p1:https://example.test/remote.png']));
  });

  it('shows the alt text of images that are not PNG or JPEG, or are too large', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const bomb = makePng(1, 1);
    bomb.writeUInt32BE(6000, 16); // a header claiming 36 megapixels: over the cap, however small the file
    bomb.writeUInt32BE(6000, 20);
    const out = await renderPdf(
      source([{ id: 'p', title: 'Images', depth: 0, markdown: '![gif](a.gif)\n\n![bomb](b.png)' }], async (target) => ({
        bytes: target === 'a.gif' ? gif : bomb,
        contentType: 'image/png',
      })),
    );
    expect(out.toString('latin1')).not.toContain('/Subtype /Image');
    expect(pdfPages(out)[0]).toEqual(expect.stringContaining('[image: gif]'));
    expect(pdfPages(out)[0]).toEqual(expect.stringContaining('[image: bomb]'));
  });

  it('shows the alt text of a PNG cut short after its header, and keeps the whole ones (found by schemathesis: a 500)', async () => {
    const whole = makePng(4, 4);
    const truncated = whole.subarray(0, whole.length - 20); // IHDR intact, IDAT cut, no IEND
    const out = await renderPdf(
      source([{ id: 'p', title: 'Images', depth: 0, markdown: '![cut](cut.png)\n\n![whole](whole.png)' }], async (target) => ({
        bytes: target === 'cut.png' ? truncated : whole,
        contentType: 'image/png',
      })),
    );
    expect(out.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(pdfPages(out)[0]).toEqual(expect.stringContaining('[image: cut]'));
    expect(pdfPages(out)[0]).not.toEqual(expect.stringContaining('[image: whole]'));
  });

  it('checks the pixels pdfkit decodes itself (alpha): a PNG whose rows do not match its header, or do not inflate, shows its alt text', async () => {
    const rgba = makePng(4, 4, { colorType: 6 });
    const wrongRows = makePng(4, 4, { colorType: 6, bits: 16, rowBytes: 4 * 4 }); // rows of an 8-bit image under a 16-bit header
    const noInflate = makePng(4, 4, { colorType: 6 });
    const idat = noInflate.indexOf('IDAT', 0, 'latin1');
    noInflate.fill(0xff, idat + 4, idat + 12);
    const images: Record<string, Buffer> = { 'rgba.png': rgba, 'rows.png': wrongRows, 'zlib.png': noInflate };
    // Before the check, rows.png and zlib.png threw from png-js's zlib callback: an uncaught exception in the PDF worker.
    const out = await renderPdf(
      source([{ id: 'p', title: 'Alpha', depth: 0, markdown: '![rgba](rgba.png)\n\n![rows](rows.png)\n\n![zlib](zlib.png)' }], async (target) => ({
        bytes: images[target] as Buffer,
        contentType: 'image/png',
      })),
    );
    expect(pdfPages(out)[0]).toEqual(expect.stringContaining('[image: rows]'));
    expect(pdfPages(out)[0]).toEqual(expect.stringContaining('[image: zlib]'));
    expect(pdfPages(out)[0]).not.toEqual(expect.stringContaining('[image: rgba]'));
    expect(out.toString('latin1')).toContain('/SMask'); // the good one embedded, with its alpha channel
  });

  it('lays out every block of the page document: details, steppers, embeds, content refs, code titles, deep headings, HTML', async () => {
    const markdown = [
      '#### Fourth level heading',
      '',
      'Soft',
      'wrapped line.',
      '',
      '<details>',
      '<summary>More details</summary>',
      '',
      'Hidden body.',
      '',
      '</details>',
      '',
      '{% stepper %}',
      '{% step %}',
      'First step text.',
      '{% endstep %}',
      '{% endstepper %}',
      '',
      '{% embed url="https://example.test/video" %}',
      '',
      '{% content-ref url="https://example.test/page" %}',
      '{% endcontent-ref %}',
      '',
      '{% code title="server.js" %}',
      '```js',
      'listen(8080);',
      '```',
      '{% endcode %}',
      '',
      '<div>Raw <b>html</b> block</div>',
      '',
      '3. third',
      '4. fourth',
      '',
      '| H1 | H2 |',
      '| -- | -- |',
      '| **bold cell** | [link cell](https://example.test) |',
    ].join('\n');
    const text = pdfPages(await renderPdf(source([{ id: 'p', title: 'Blocks', depth: 0, markdown }])))[0] as string;
    for (const expected of [
      'Fourth level heading',
      'Soft wrapped line.',
      'More details',
      'Hidden body.',
      'First step text.',
      'https://example.test/video',
      'https://example.test/page',
      'server.js',
      'listen(8080);',
      'Raw html block',
      'third',
      'fourth',
      'H2',
      'bold cell',
      'link cell',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('renders or fails cleanly, in bounded time, on hostile bodies', async () => {
    const hostile = [
      { id: 'nest', title: 'Nested lists', depth: 0, markdown: `${'- '.repeat(10_000)}deep` },
      {
        id: 'nest2',
        title: 'Nested lines',
        depth: 0,
        markdown: Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(Math.min(i, 40) * 2)}- level ${i}`).join('\n'),
      },
      { id: 'tags', title: 'Nested hints', depth: 0, markdown: `${'{% hint %}\n'.repeat(5_000)}inside\n${'{% endhint %}\n'.repeat(5_000)}` },
      { id: 'line', title: 'Long line', depth: 0, markdown: `start ${'x'.repeat(5 * 1024 * 1024)} end` },
      { id: 'words', title: 'Long line of words', depth: 0, markdown: `start ${'word '.repeat(1024 * 1024)} end` },
      { id: 'nul', title: 'Nul\u0000bytes', depth: 0, markdown: 'a\u0000b\u0000c **bold\u0000** `co\u0000de`' },
    ];
    const started = Date.now();
    const out = await renderPdf(source(hostile)).catch((error: unknown) => error);
    const seconds = (Date.now() - started) / 1000;
    console.log(`hostile bodies: ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(90);
    if (out instanceof Error) return; // failing cleanly is allowed
    expect(Buffer.isBuffer(out)).toBe(true);
    const text = pdfPages(out as Buffer).join('\n');
    expect(text).toContain('Long line');
    expect(text).toContain('characters of this page are not shown');
    expect(text).toContain('abc');
    expect(text).toContain('Nulbytes');
  }, 180_000);

  it('renders a 100-page revision (time logged, not asserted)', async () => {
    const pages100 = Array.from({ length: 100 }, (_, i) => ({ id: `p${i}`, title: `Page ${i}`, depth: i % 3, markdown: GUIDE }));
    const started = Date.now();
    const out = await renderPdf(source(pages100, (target) => imageOf(target)));
    console.log(`100-page revision: ${Date.now() - started} ms, ${(out.length / 1024).toFixed(0)} KiB`);
    expect(pdfPages(out).filter((text) => /Page \d+/.test(text)).length).toBeGreaterThanOrEqual(100);
  }, 120_000);
});

/** A real PNG of `width` × `height` grey pixels (8-bit RGB unless told), rows of `rowBytes` when given. */
function makePng(width: number, height: number, options: { bits?: number; colorType?: number; rowBytes?: number } = {}): Buffer {
  const { bits = 8, colorType = 2 } = options;
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colorType] as number;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bits, colorType, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(options.rowBytes ?? (width * channels * bits) / 8, 0x88)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
