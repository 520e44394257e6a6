import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { ImportRefused } from '@quire/formats';
import { importDocx } from '../src/modules/imports/domain/docx-import';
import { importDeps, serve, type LoopbackSite, type TestDeps } from './import-loopback-server';

const FIXTURES = join(__dirname, '../../../test/fixtures/import');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A one-entry zip whose entry declares `size` uncompressed bytes (a docx bomb's directory). */
function zipOf(name: string, content: Buffer, declaredSize = content.length): Buffer {
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + nameBytes.length, 12);
  end.writeUInt32LE(30 + nameBytes.length + data.length, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

describe('importDocx', () => {
  let site: LoopbackSite;
  let deps: TestDeps;

  beforeAll(async () => {
    site = await serve({
      '/files/report.docx': { type: DOCX, body: readFileSync(join(FIXTURES, 'sample.docx')) },
      '/files/Meeting%20notes.docx': { type: 'application/octet-stream', body: readFileSync(join(FIXTURES, 'plain.docx')) },
      '/files/text.docx': { type: DOCX, body: 'Hello, I am plain text\n' },
      '/files/empty.docx': { type: DOCX, body: '' },
      '/files/other.docx': { type: DOCX, body: zipOf('readme.txt', Buffer.from('not word')) },
      '/files/broken.docx': { type: DOCX, body: zipOf('word/document.xml', Buffer.from('<w:document><unclosed')) },
      '/files/bomb.docx': { type: DOCX, body: zipOf('word/document.xml', Buffer.from('<x/>'), 0xfffffff0) },
    });
  });
  beforeEach(() => {
    deps = importDeps();
  });
  afterEach(() => deps.fetcher.close());
  afterAll(() => site.close());

  it('imports one page: heading as title, bold, list, table, and the embedded PNG as a docx: file', async () => {
    const result = await importDocx(site.url('/files/report.docx'), deps);
    expect(result.pages).toHaveLength(1);
    const page = result.pages[0]!;
    expect(page).toMatchObject({ title: 'Quarterly report', source: site.url('/files/report.docx'), pages: [] });
    expect(page.markdown).not.toContain('Quarterly report');
    expect(page.markdown).toContain('Revenue grew **twelve percent** this quarter.');
    expect(page.markdown).toMatch(/^- {1,3}First point\n- {1,3}Second point$/m);
    expect(page.markdown).toContain('| Region | Sales |\n| --- | --- |\n| North | 42 |');
    expect(page.markdown).toContain('## Details'); // a later heading stays in the one page
    expect(page.markdown).toContain('![Red square](docx:/image1.png)');
    expect(page.markdown).toContain('![Red square again](docx:/image1.png)'); // the same picture twice is one file
    expect(result.files).toHaveLength(1);
    const [file] = result.files;
    expect(file).toMatchObject({ source: 'docx:/image1.png', name: 'image1.png', contentType: 'image/png' });
    expect(file!.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(result.totalResources).toBe(2);
  });

  it('titles a document without headings by its file name', async () => {
    const result = await importDocx(site.url('/files/Meeting%20notes.docx'), deps);
    expect(result).toMatchObject({ pages: [{ title: 'Meeting notes', markdown: 'Just one paragraph.' }], files: [], totalResources: 1 });
  });

  it('drops embedded images over maxImages', async () => {
    const capped = importDeps({ maxImages: 0 });
    const result = await importDocx(site.url('/files/report.docx'), capped);
    await capped.fetcher.close();
    expect(result.files).toEqual([]);
    expect(result.pages[0]!.markdown).not.toContain('docx:/');
  });

  it.each([
    ['text.docx', /not a \.docx file \(not a zip archive\)/],
    ['empty.docx', /not a \.docx file/],
    ['other.docx', /no word\/document\.xml/],
    ['broken.docx', /not a readable \.docx file/],
    ['bomb.docx', /unpacks to more than/],
  ])('refuses %s with a reason', async (name, reason) => {
    const attempt = importDocx(site.url(`/files/${name}`), deps);
    await expect(attempt).rejects.toBeInstanceOf(ImportRefused);
    await expect(attempt).rejects.toThrow(reason);
  });

  it('refuses more parts than maxZipEntries', async () => {
    const few = importDeps({ maxZipEntries: 3 });
    await expect(importDocx(site.url('/files/report.docx'), few)).rejects.toThrow(new ImportRefused('the .docx has more than 3 parts'));
    await few.fetcher.close();
  });
});
