import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readZipContent, type ImportedContent, type ImportedPage } from '@quire/formats';
import { applyImport, bodyHash } from '../src/modules/revisions/domain/apply-import';
import { RevisionIndex } from '../src/modules/revisions/domain/content-refs';
import { EMPTY_TREE, pagePaths, type RevisionTree } from '../src/modules/revisions/model/revision-tree';

let counter = 0;
const ctx = { newId: () => `id${++counter}`, now: new Date('2026-11-23T10:00:00Z') };
const page = (title: string, source: string, markdown = '', pages: ImportedPage[] = []): ImportedPage => ({ title, source, markdown, pages });
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000000801060000000000000000', 'hex');

describe('applyImport', () => {
  const imported: ImportedContent = {
    pages: [
      page('Guide', 'zip:/guide/README.md', 'Start with [install](install.md#steps) and ![logo](../img/logo.png).', [
        page('Install', 'zip:/guide/install.md', '# Steps\nBack to [the guide](README.md) or [outside](https://example.com).'),
      ]),
      page('Guide', 'zip:/other/README.md', 'A second page with the same title.'),
    ],
    files: [{ source: 'zip:/img/logo.png', name: 'logo.png', contentType: 'image/png', bytes: PNG }],
    totalResources: 4,
  };

  it('builds the tree with unique slugs, paths, bodies by hash and files with dimensions', () => {
    const draft = applyImport(EMPTY_TREE, imported, { kind: 'append' }, ctx);
    const paths = [...pagePaths(draft.tree.pages).values()];
    expect(paths).toEqual(['guide', 'guide/install', 'guide-1']);
    expect(draft.tree.files).toEqual([
      expect.objectContaining({ name: 'logo.png', contentType: 'image/png', size: PNG.length, dimensions: { width: 16, height: 8 } }),
    ]);
    expect(draft.blobs).toHaveLength(1);
    expect(draft.importedResources).toBe(4);
    for (const p of draft.tree.pages) expect(draft.bodies.get(p.body as string)).toBeDefined();
  });

  it('rewrites links between imported pages and files to revision paths that resolve back', () => {
    const draft = applyImport(EMPTY_TREE, imported, { kind: 'append' }, ctx);
    const [guide, install] = draft.tree.pages;
    const guideBody = draft.bodies.get(guide?.body as string) as string;
    const installBody = draft.bodies.get(install?.body as string) as string;
    expect(guideBody).toBe('Start with [install](guide/install.md#steps) and ![logo](.gitbook/assets/logo.png).');
    expect(installBody).toContain('[the guide](../guide.md)');
    const index = new RevisionIndex(draft.tree);
    expect(index.resolve('guide/install.md#steps', guide?.id as string)).toEqual({ kind: 'anchor', page: install?.id, anchor: 'steps' });
    expect(index.resolve('../guide.md', install?.id as string)).toEqual({ kind: 'page', page: guide?.id });
    expect(index.resolve('.gitbook/assets/logo.png', guide?.id as string)).toEqual({ kind: 'file', file: draft.tree.files[0]?.id });
    expect(index.resolve('missing.md', guide?.id as string)).toEqual({ kind: 'broken', target: 'missing.md' });
    expect(index.resolve('https://example.com', null)).toEqual({ kind: 'url', url: 'https://example.com' });
  });

  it('appends to an existing tree without touching its pages, and shares unchanged bodies', () => {
    const first = applyImport(EMPTY_TREE, imported, { kind: 'append' }, ctx);
    const second = applyImport(first.tree, { pages: [page('Guide', 'https://x.test/guide.md', 'new')], files: [], totalResources: 1 }, { kind: 'append' }, ctx);
    expect(second.tree.pages.slice(0, 3)).toEqual(first.tree.pages);
    expect(second.tree.pages[3]?.slug).toBe('guide-2');
    expect([...second.bodies.keys()]).toEqual([bodyHash('new')]);
    expect(second.changedPageIds).toEqual([second.tree.pages[3]?.id]);
  });

  it('replaces one page body and nests the rest of the import under it', () => {
    const first = applyImport(EMPTY_TREE, imported, { kind: 'append' }, ctx);
    const target = first.tree.pages[2]?.id as string;
    const tree: RevisionTree = first.tree;
    const draft = applyImport(
      tree,
      { pages: [page('Ignored title', 'https://x.test/a.md', 'replaced', [page('Child', 'https://x.test/b.md', 'child')])], files: [], totalResources: 2 },
      { kind: 'replace-page', pageId: target },
      ctx,
    );
    const replaced = draft.tree.pages.find((p) => p.id === target);
    expect(replaced?.title).toBe('Guide');
    expect(draft.bodies.get(replaced?.body as string)).toBe('replaced');
    expect(draft.tree.pages.filter((p) => p.parentId === target).map((p) => p.title)).toEqual(['Child']);
    expect(first.tree.pages.find((p) => p.id === target)?.body).not.toBe(replaced?.body);
  });

  it('makes group and link pages of a SUMMARY.md, and counts only the resources read: importedResources never exceeds totalResources', async () => {
    const content = await readZipContent(await readFile(join(__dirname, '../../../test/fixtures/import/zip/summary-groups.zip')), {
      maxZipEntries: 100,
      maxZipBytes: 1_000_000,
    });
    const draft = applyImport(EMPTY_TREE, content, { kind: 'append' }, ctx);
    const children = (parentId: string | null): unknown[] =>
      draft.tree.pages
        .filter((p) => p.parentId === parentId)
        .map((p) => [`${p.kind}:${p.title}${p.target?.kind === 'url' ? ` ${p.target.url}` : ''}`, ...children(p.id)]);
    expect(children(null)).toEqual([
      ['document:Welcome'],
      ['group:Guides', ['document:Install', ['document:Linux']], ['link:GitBook https://www.gitbook.com']],
      ['group:Reference', ['document:API'], ['document:Missing page']],
    ]);
    expect(draft.tree.pages.filter((p) => p.kind !== 'document').every((p) => p.body === undefined)).toBe(true);
    // SUMMARY.md, four pages and a PNG: six entries read, five imported (the group, link and missing pages are none).
    expect(content.totalResources).toBe(6);
    expect(draft.importedResources).toBe(5);
    expect(draft.changedPageIds).toHaveLength(draft.tree.pages.length);
  });

  it('places a group below a page (replace-page) as a titled page: groups live at the top level', () => {
    const first = applyImport(EMPTY_TREE, imported, { kind: 'append' }, ctx);
    const target = first.tree.pages[0]?.id as string;
    const group: ImportedPage = { kind: 'group', title: 'Section', source: 'zip:/SUMMARY.md', markdown: '', pages: [page('In it', 'zip:/in.md', 'x')] };
    const draft = applyImport(
      first.tree,
      { pages: [page('Body', 'zip:/a.md', 'a'), group], files: [], totalResources: 3 },
      { kind: 'replace-page', pageId: target },
      ctx,
    );
    const placed = draft.tree.pages.find((p) => p.title === 'Section');
    expect(placed).toMatchObject({ kind: 'document', parentId: target });
    expect(draft.importedResources).toBe(2);
  });

  it('strips NUL characters and never leaves a page without a title', () => {
    const draft = applyImport(EMPTY_TREE, { pages: [page('\u0000', 'https://x.test/a', 'a\u0000b')], files: [], totalResources: 1 }, { kind: 'append' }, ctx);
    expect(draft.tree.pages[0]?.title).toBe('Untitled');
    expect([...draft.bodies.values()]).toEqual(['ab']);
  });
});
