import { ApiError } from '@quire/errors';
import { ImportRefused } from '@quire/formats';
import { ContentConversions } from '../src/modules/revisions/domain/conversions';
import { revertBlocks } from '../src/modules/revisions/domain/block-revert';
import type { RevisionTree } from '../src/modules/revisions/model/revision-tree';
import { testConversions } from './conversion-threads';

// Content's conversions in their threads (conversions.ts): what crosses, what a conversion past
// its time limit answers, and errors the callers tell apart.

const tree: RevisionTree = {
  pages: [
    { id: 'intro', parentId: null, kind: 'document', title: 'Intro', slug: 'intro' },
    { id: 'install', parentId: null, kind: 'document', title: 'Install', slug: 'install' },
  ],
  files: [{ id: 'logo', name: 'logo.png', contentType: 'image/png', size: 1, blob: 'b' }],
};

describe('ContentConversions', () => {
  it("answers a page's document as JSON text, its targets resolved against its revision", async () => {
    const json = await testConversions().pageDocument({
      markdown: '[Install](install.md) ![logo](.gitbook/assets/logo.png) [gone](nope.md)',
      pageId: 'intro',
      tree,
    });
    const refs = JSON.stringify(JSON.parse(json));
    expect(refs).toContain('{"kind":"page","page":"install"}');
    expect(refs).toContain('{"kind":"file","file":"logo"}');
    expect(refs).toContain('{"kind":"url","url":"nope.md"}');
  });

  it('stops a conversion past its time limit with a 503 saying what was stopped, and converts the next one', async () => {
    const strict = new ContentConversions({ threads: 1, maxQueue: 4, timeoutMs: 50 });
    try {
      const stopped = await strict.pageDocument({ markdown: '*a'.repeat(500_000), pageId: 'intro', tree }).catch((err: unknown) => err);
      expect(stopped).toBeInstanceOf(ApiError);
      expect(stopped).toMatchObject({ code: 503, message: 'Converting this page to a document took longer than 50 ms and was stopped' });
      const pdf = await strict.pdf({ title: 'T', pages: [], tree, images: {} }).catch((err: unknown) => err);
      // Even an empty PDF takes pdfmake longer than 50 ms: the PDF's 503 says what to do.
      expect(pdf).toMatchObject({ code: 503, message: /Rendering this PDF took longer than 50 ms and was stopped; try one page/ });
    } finally {
      await strict.close();
    }
    expect(JSON.parse(await testConversions().pageDocument({ markdown: 'Fine', pageId: 'intro', tree }))).toMatchObject({ object: 'document' });
  });

  it('rejects with ImportRefused what an importer refuses, as on the event loop', async () => {
    const refused = await testConversions()
      .htmlPage({ url: 'https://example.com/a.zip', contentType: 'application/zip', body: Buffer.from('PK') })
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ImportRefused);
    expect(refused).toMatchObject({ message: 'https://example.com/a.zip is not a text document (content type application/zip)' });
  });

  it('renders a PDF as Buffer bytes', async () => {
    const pdf = await testConversions().pdf({ title: 'Guide', pages: [{ id: 'intro', title: 'Intro', depth: 0, markdown: 'Hello' }], tree, images: {} });
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reverts blocks in a thread as on the event loop', async () => {
    const current = 'Intro.\n\nNew step.\n\nEnd.';
    const source = 'Intro.\n\nEnd.';
    const keys = ['nope'];
    expect(await testConversions().revertBlocks(current, source, keys)).toEqual(revertBlocks(current, source, keys));
  });
});
