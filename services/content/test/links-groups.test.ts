import { RevisionIndex } from '../src/modules/revisions/domain/content-refs';
import {
  backlinkPages,
  brokenKeys,
  filterLinks,
  groupLinks,
  linkedSpaceIds,
  linkStats,
  linksFromPage,
  settleSpaceTargets,
} from '../src/modules/links/domain/link-groups';
import { classifyTarget, pageLinks, pagesWithAnchorTargets } from '../src/modules/links/domain/link-targets-of-revision';
import type { RevisionTree, StoredPage } from '../src/modules/revisions/model/revision-tree';

const APP = 'https://quire.test';
const doc = (id: string, slug: string, parentId: string | null = null): StoredPage => ({ id, parentId, kind: 'document', title: slug, slug, body: `h-${id}` });
const TREE: RevisionTree = {
  pages: [doc('p1', 'intro'), doc('p2', 'guide'), doc('p3', 'install', 'p2')],
  files: [{ id: 'f1', name: 'logo.png', contentType: 'image/png', size: 1, blob: 'b' }],
};
const index = new RevisionIndex(TREE);
const BODIES: Record<string, string[]> = {
  'h-p1': ['guide.md', 'guide/install.md#setup', '.gitbook/assets/logo.png', 'https://example.com', `${APP}/o/o1/home`, 'missing.md', 'guide.md'],
  'h-p2': ['guide/install.md', '#nowhere', '/v1/spaces/s2', `${APP}/o/o1/s/s3/some/page`],
  'h-p3': ['../.gitbook/assets/logo.png', '../intro.md'],
};
const links = pageLinks(index, (hash) => BODIES[hash]?.map((target) => ({ target, kind: 'link' as const })), APP);
const anchors = new Map([['p3', new Set(['setup'])]]);
const groups = groupLinks(links, (id) => anchors.get(id) ?? new Set());

describe('classifying link targets', () => {
  it('resolves pages, anchors, files, outside URLs, in-app URLs and other spaces', () => {
    const kinds = links.map((l) => [l.from, l.target, l.isInApp]);
    expect(kinds).toContainEqual(['p1', { kind: 'page', page: 'p2' }, false]);
    expect(kinds).toContainEqual(['p1', { kind: 'page', page: 'p3', anchor: 'setup' }, false]);
    expect(kinds).toContainEqual(['p1', { kind: 'file', file: 'f1' }, false]);
    expect(kinds).toContainEqual(['p1', { kind: 'url', url: 'https://example.com' }, false]);
    expect(kinds).toContainEqual(['p1', { kind: 'url', url: `${APP}/o/o1/home` }, true]);
    expect(kinds).toContainEqual(['p1', { kind: 'broken', target: 'missing.md' }, false]);
    expect(kinds).toContainEqual(['p2', { kind: 'space', space: 's2' }, false]);
    expect(kinds).toContainEqual(['p2', { kind: 'space', space: 's3' }, true]);
    expect(classifyTarget(index, `${APP}/s/s4`, 'p1', APP).target).toEqual({ kind: 'space', space: 's4' });
    // Another space's page as content stores it (formats' space-refs.ts): a link to that space, not a page of this one.
    expect(classifyTarget(index, 'quire-ref:space/s5/page/p1#x', 'p1', APP).target).toEqual({ kind: 'space', space: 's5' });
    expect(classifyTarget(index, 'https://quire.test.evil.com/x', 'p1', APP).isInApp).toBe(false);
    expect([...pagesWithAnchorTargets(links)].sort()).toEqual(['p2', 'p3']);
  });
});

describe('grouping links', () => {
  it('groups by target, pages once each in tree order, with a status', () => {
    const byKey = new Map(groups.map((g) => [g.key, g]));
    expect(byKey.get('page:p2')).toEqual({ key: 'page:p2', status: 'ok', target: { kind: 'page', page: 'p2' }, from: ['p1'] });
    expect(byKey.get('file:f1')?.from).toEqual(['p1', 'p3']);
    expect(byKey.get('page:p3#setup')?.status).toBe('ok');
    expect(byKey.get('page:p2#nowhere')?.status).toBe('broken');
    expect(byKey.get('broken:p1:missing.md')?.status).toBe('broken');
    expect(byKey.get(`url:${APP}/o/o1/home`)?.status).toBe('in-app');
    expect(byKey.get('space:s3')?.status).toBe('in-app');
    expect(linkedSpaceIds(groups).sort()).toEqual(['s2', 's3']);
  });

  it('counts stats over everything and filters by status', () => {
    expect(linkStats(groups)).toEqual({ total: groups.length, broken: { total: 2 } });
    expect(filterLinks(groups, 'broken').map((g) => g.key)).toEqual(['broken:p1:missing.md', 'page:p2#nowhere']);
    expect(filterLinks(groups, 'in-app')).toHaveLength(2);
    expect(filterLinks(groups, undefined)).toHaveLength(groups.length);
  });

  it('makes links to spaces the caller cannot see broken', () => {
    const settled = settleSpaceTargets(groups, (id) => id === 's2');
    expect(settled.find((g) => g.key === 'space:s2')?.status).toBe('ok');
    expect(settled.find((g) => g.key === 'space:s3')?.status).toBe('broken');
  });

  it('counts and filters what a change request broke against the space', () => {
    const base = brokenKeys(groups.filter((g) => g.key !== 'page:p2#nowhere'));
    expect(linkStats(groups, base)).toEqual({ total: groups.length, broken: { total: 2, changeRequest: 1 } });
    expect(filterLinks(groups, 'broken', base).map((g) => g.key)).toEqual(['page:p2#nowhere']);
  });

  it('answers one page’s links and the backlinks of pages and files', () => {
    expect(linksFromPage(groups, 'p3').map((g) => [g.key, g.from])).toEqual([
      ['file:f1', ['p3']],
      ['page:p1', ['p3']],
    ]);
    const order = new Map(TREE.pages.map((p, i) => [p.id, i]));
    expect(backlinkPages(groups, { file: 'f1' }, order)).toEqual(['p1', 'p3']);
    expect(backlinkPages(groups, { page: 'p3' }, order)).toEqual(['p1', 'p2']);
    expect(backlinkPages(groups, { page: 'p2' }, order)).toEqual(['p1']);
  });
});
