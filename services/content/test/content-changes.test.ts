import { markdownBlocks } from '@quire/formats';
import { diffBlocks } from '../src/modules/revisions/domain/block-diff';
import { revertKey } from '../src/modules/revisions/domain/block-revert';
import { applyContentChanges, storedBodiesToRead, type ContentChange } from '../src/modules/change-requests/domain/content-changes';
import type { RevisionTree, StoredPage } from '../src/modules/revisions/model/revision-tree';
import { storedPage } from './stored-page';

// The page changes of a batch content edit, applied in order to one tree.

const page = storedPage;
// a, a/a1, a/a1/a11, b, l (link)
const tree: RevisionTree = {
  pages: [page('a', null), page('a1', 'a'), page('a11', 'a1'), page('b', null), { ...page('l', null, 'link'), body: undefined }],
  files: [],
};
const now = new Date('2026-11-26T10:00:00Z');
let counter = 0;
const ctx = () => {
  counter = 0;
  return { now, newId: () => `n${++counter}` };
};
const shape = (t: RevisionTree) => t.pages.map((p) => `${p.parentId ?? '-'}>${p.slug}`);
const apply = (changes: ContentChange[]) => applyContentChanges(tree, changes, ctx());

describe('batch content changes', () => {
  it('inserts pages at an index or at the end, titled by front matter, then a leading heading, then the field', () => {
    const draft = apply([
      { operation: 'insert_page', into: 'a', at: 0, document: '# Getting started\n\nHello.', title: 'ignored' },
      { operation: 'insert_page', document: '---\ntitle: From front matter\ndescription: Short\n---\n# Heading\n\nBody', ref: 'fm' },
      { operation: 'insert_page', document: 'No heading here.', title: 'Field title', emoji: '1f600' },
      { operation: 'insert_page', document: '' },
    ]);
    expect(shape(draft.tree)).toEqual(['->a', 'a>getting-started', 'a>a1', 'a1>a11', '->b', '->l', '->from-front-matter', '->field-title', '->untitled']);
    const byTitle = (title: string) => draft.tree.pages.find((p) => p.title === title) as StoredPage;
    expect(draft.bodies.get(byTitle('Getting started').body as string)).toBe('Hello.');
    expect(byTitle('From front matter')).toMatchObject({ description: 'Short' });
    expect(draft.bodies.get(byTitle('From front matter').body as string)).toBe('# Heading\n\nBody');
    expect(byTitle('Field title')).toMatchObject({ emoji: '1f600', createdAt: now.toISOString() });
    expect(byTitle('Untitled').body).toBeUndefined();
    expect(draft.outcomes).toEqual([
      { kind: 'created', pageId: 'n1' },
      { kind: 'created', pageId: 'n2', ref: 'fm' },
      { kind: 'created', pageId: 'n3' },
      { kind: 'created', pageId: 'n4' },
    ]);
  });

  it('renames without changing the slug, changes the slug only when asked, and moves with into/at', () => {
    const draft = apply([
      { operation: 'update_page', page: 'a1', title: 'Renamed' },
      { operation: 'update_page', page: 'b', slug: 'bee' },
      { operation: 'update_page', page: 'a11', into: null, at: 0 },
      { operation: 'update_page', page: 'a', into: 'b' },
    ]);
    expect(shape(draft.tree)).toEqual(['->a11', '->bee', 'b>a', 'a>a1', '->l']);
    expect(draft.tree.pages.find((p) => p.id === 'a1')).toMatchObject({ title: 'Renamed', slug: 'a1' });
    expect(draft.outcomes.map((o) => `${o.kind}:${o.pageId}`)).toEqual(['updated:a1', 'updated:b', 'updated:a11', 'updated:a']);
  });

  it('replaces a body, the document title winning over the field', () => {
    const draft = apply([{ operation: 'update_page', page: 'b', document: '# New title\n\nNew body', title: 'Field' }]);
    const b = draft.tree.pages.find((p) => p.id === 'b') as StoredPage;
    expect(b).toMatchObject({ title: 'New title', slug: 'b', updatedAt: now.toISOString() });
    expect(draft.bodies.get(b.body as string)).toBe('New body');
  });

  it('deletes a page with its subpages; a page created and deleted in one batch leaves no trace', () => {
    const draft = apply([
      { operation: 'insert_page', into: 'a1', document: 'x', title: 'Temp' },
      { operation: 'delete_page', page: 'a' },
    ]);
    expect(shape(draft.tree)).toEqual(['->b', '->l']);
    expect(draft.outcomes.map((o) => `${o.kind}:${o.pageId}`)).toEqual(['deleted:a', 'deleted:a1', 'deleted:a11']);
    expect(draft.bodies.size).toBe(0);
  });

  it('refuses, naming the change and field: a cycle, a missing page, a link parent, a taken or malformed slug, a repeated ref', () => {
    const refused = (changes: ContentChange[]) => {
      try {
        apply(changes);
      } catch (err) {
        return (err as Error).message;
      }
      return 'applied';
    };
    expect(refused([{ operation: 'update_page', page: 'a', into: 'a11' }])).toMatch(/"changes\.0\.into": .*under itself or one of its descendants/);
    expect(refused([{ operation: 'update_page', page: 'a', into: 'a' }])).toMatch(/"changes\.0\.into"/);
    expect(
      refused([
        { operation: 'insert_page', document: 'x' },
        { operation: 'delete_page', page: 'zz' },
      ]),
    ).toMatch(/"changes\.1\.page": page zz/);
    expect(refused([{ operation: 'insert_page', into: 'l', document: 'x' }])).toMatch(/"changes\.0\.into": a link page/);
    const withGroup: RevisionTree = { pages: [...tree.pages, { ...page('g', null, 'group'), body: undefined }], files: [] };
    expect(() => applyContentChanges(withGroup, [{ operation: 'update_page', page: 'g', into: 'b' }], ctx())).toThrow(
      /"changes\.0\.into": a group stays at the top level/,
    );
    expect(refused([{ operation: 'insert_page', slug: 'b', document: 'x' }])).toMatch(/"changes\.0\.slug": another page/);
    expect(refused([{ operation: 'update_page', page: 'a', slug: 'Not A Slug' }])).toMatch(/"changes\.0\.slug": "Not A Slug" is not a slug/);
    expect(
      refused([
        { operation: 'insert_page', document: 'x', ref: 'r' },
        { operation: 'insert_page', document: 'y', ref: 'r' },
      ]),
    ).toMatch(/"changes\.1\.ref"/);
    // The tree it was given is untouched whatever happened.
    expect(shape(tree)).toEqual(['->a', 'a>a1', 'a1>a11', '->b', '->l']);
  });

  it('resolves links once the batch is applied: ids, slug paths, .md paths, README, refs in any order, relative paths', () => {
    const markdown = [
      '[by id](/pages/b) [by path](/pages/a/a1.md) [folder readme](/pages/a/README.md) [root](/pages/README.md)',
      '[later](./later.md) [sibling](./b.md) [anchor](/pages/b#setup) [site](https://example.com/x) [in page](#top)',
      '[nothing](/pages/nope) [lost](./lost.md)',
    ].join('\n\n');
    const draft = apply([
      { operation: 'insert_page', document: `# Links\n\n${markdown}` },
      { operation: 'insert_page', into: 'a', ref: 'later', document: '# Later page\n\n[back](../links.md)' },
    ]);
    const body = (title: string) => draft.bodies.get(draft.tree.pages.find((p) => p.title === title)?.body as string);
    expect(body('Links')).toBe(
      [
        '[by id](b.md) [by path](a/a1.md) [folder readme](a.md) [root](a.md)',
        '[later](a/later-page.md) [sibling](b.md) [anchor](b.md#setup) [site](https://example.com/x) [in page](#top)',
        'nothing lost',
      ].join('\n\n'),
    );
    expect(body('Later page')).toBe('[back](../links.md)');
  });

  it('reverts a page to the base revision: an added page goes, a modified one gets its body and title back, a deleted one returns', () => {
    const edited = apply([
      { operation: 'insert_page', document: '# Added' },
      { operation: 'update_page', page: 'b', document: '# Bee\n\nChanged', into: 'a', at: 0 },
      { operation: 'delete_page', page: 'a1' },
    ]).tree;
    const added = edited.pages.find((p) => p.title === 'Added') as StoredPage;
    const revisions = new Map([['base', tree]]);
    const reverted = applyContentChanges(
      edited,
      [
        { operation: 'revert_page', page: added.id },
        { operation: 'revert_page', page: 'b' },
        { operation: 'revert_page', page: 'a1' },
        { operation: 'revert_page', page: 'a11', revision: 'base' },
      ],
      { ...ctx(), revisions, baseRevision: 'base' },
    );
    // b keeps where it was moved (a revert resets the document, not the position); a1 and a11 return.
    expect(shape(reverted.tree)).toEqual(['->a', 'a>b', '->l', 'a>a1', 'a1>a11']);
    expect(reverted.tree.pages.find((p) => p.id === 'b')).toMatchObject({ title: 'b', body: 'h-b' });
    expect(reverted.outcomes.map((o) => `${o.kind}:${o.pageId}`)).toEqual([`deleted:${added.id}`, 'updated:b', 'updated:a1', 'updated:a11']);
    expect(() =>
      applyContentChanges(edited, [{ operation: 'revert_page', page: 'b', revision: 'other' }], { ...ctx(), revisions, baseRevision: 'base' }),
    ).toThrow(/"changes\.0\.revision": revision other is not a revision of this space/);
  });

  describe('reverting some blocks of a page (`block`)', () => {
    // b's body in the base revision, then in the change request: one block modified, one deleted, one added, one moved.
    const baseBody = ['Intro.', 'Run the installer.', 'Accept the licence.', 'Restart.', '- one\n- two', '> Tip.'].join('\n\n');
    const currentBody = ['Intro.', 'Run the installer twice.', 'Restart.', 'A new step.', '> Tip.', '- one\n- two'].join('\n\n') + '\n';
    const keyOf = (markdown: string, text: string) => markdownBlocks(markdown).find((b) => b.source === text)?.key as string;
    const edited: RevisionTree = { pages: tree.pages.map((p) => (p.id === 'b' ? { ...p, body: 'h-b-now', title: 'Bee' } : p)), files: [] };
    const storedBodies = new Map([
      ['h-b', baseBody],
      ['h-b-now', currentBody],
    ]);
    const revert = (changes: ContentChange[], from: RevisionTree = edited, bodies = storedBodies) =>
      applyContentChanges(from, changes, { ...ctx(), revisions: new Map([['base', tree]]), baseRevision: 'base', storedBodies: bodies });
    const bodyOf = (draft: ReturnType<typeof revert>, bodies = storedBodies) => {
      const hash = draft.tree.pages.find((p) => p.id === 'b')?.body;
      return hash === undefined ? '' : (draft.bodies.get(hash) ?? bodies.get(hash));
    };
    const revertBlocks = (...block: string[]) => bodyOf(revert([{ operation: 'revert_page', page: 'b', block }]));
    const blocks = (...texts: string[]) => texts.join('\n\n') + '\n';

    it('removes an added block, the others left as written', () => {
      expect(revertBlocks(keyOf(currentBody, 'A new step.'))).toBe(currentBody.replace('A new step.\n\n', ''));
    });

    it('resets a modified block in place, by its key now or its key in the revision', () => {
      const expected = currentBody.replace('Run the installer twice.', 'Run the installer.');
      expect(revertBlocks(keyOf(currentBody, 'Run the installer twice.'))).toBe(expected);
      expect(revertBlocks(keyOf(baseBody, 'Run the installer.'))).toBe(expected);
    });

    it('restores a deleted block after the nearest block before it in the revision that the page still has', () => {
      const accept = keyOf(baseBody, 'Accept the licence.');
      // "Run the installer." is not in the page (modified): after "Intro.", then; with it reverted too, after it.
      expect(revertBlocks(accept)).toBe(
        blocks('Intro.', 'Accept the licence.', 'Run the installer twice.', 'Restart.', 'A new step.', '> Tip.', '- one\n- two'),
      );
      expect(revertBlocks(keyOf(currentBody, 'Run the installer twice.'), accept)).toBe(
        blocks('Intro.', 'Run the installer.', 'Accept the licence.', 'Restart.', 'A new step.', '> Tip.', '- one\n- two'),
      );
    });

    it('puts a moved block back; a block left where it was is nothing to revert', () => {
      expect(revertBlocks(keyOf(currentBody, '> Tip.'))).toBe(
        blocks('Intro.', 'Run the installer twice.', 'Restart.', 'A new step.', '- one\n- two', '> Tip.'),
      );
      expect(revertBlocks(keyOf(currentBody, 'Intro.'))).toBe(currentBody);
    });

    it('keeps a restored list apart from a list of the same kind it lands next to (an empty HTML comment, as CommonMark advises)', () => {
      const bodies = new Map([
        ['h-b', '# T\n\nMiddle.\n\n- b\n\nEnd.'],
        ['h-b-now', '# T\n\n- a\n\nEnd.'],
      ]);
      const draft = revert([{ operation: 'revert_page', page: 'b', block: [keyOf('- b', '- b')] }], edited, bodies);
      expect(bodyOf(draft, bodies)).toBe('# T\n\n- b\n\n<!-- -->\n\n- a\n\nEnd.');
    });

    it('gives the revision back when every changed block is reverted, and leaves the page fields alone', () => {
      const keys = [...markdownBlocks(baseBody), ...markdownBlocks(currentBody)].map((b) => b.key);
      const draft = revert([{ operation: 'revert_page', page: 'b', block: keys }]);
      expect(bodyOf(draft)).toBe(baseBody + '\n');
      expect(draft.tree.pages.find((p) => p.id === 'b')).toMatchObject({ title: 'Bee', slug: 'b', updatedAt: now.toISOString() });
      expect(draft.outcomes).toEqual([{ kind: 'updated', pageId: 'b' }]);
    });

    it('reverts blocks of a body sent earlier in the same batch, whose links resolve once the batch is applied', () => {
      const sent = `${baseBody}\n\nSee [the other page](/pages/a).\n\nA draft note.`;
      const draft = revert([
        { operation: 'update_page', page: 'b', document: sent },
        { operation: 'revert_page', page: 'b', block: [keyOf(sent, 'A draft note.')] },
      ]);
      expect(bodyOf(draft)).toBe(`${baseBody}\n\nSee [the other page](a.md).`);
    });

    it('reads only the bodies of the pages it reverts block-wise, in the change request and each revision', () => {
      const revisions = new Map([['base', tree]]);
      expect(storedBodiesToRead(edited, [{ operation: 'revert_page', page: 'b', block: ['k'] }], revisions)).toEqual(['h-b-now', 'h-b']);
      expect(storedBodiesToRead(edited, [{ operation: 'revert_page', page: 'b' }], revisions)).toEqual([]);
    });

    it('takes a revert computed ahead in a conversion thread for the same three inputs, and computes any other itself', () => {
      const key = keyOf(currentBody, 'A new step.');
      const ahead = new Map([[revertKey(currentBody, baseBody, [key]), { markdown: 'computed ahead', unknownKeys: [] }]]);
      const apply = (block: string[]) =>
        applyContentChanges(edited, [{ operation: 'revert_page', page: 'b', block }], {
          ...ctx(),
          revisions: new Map([['base', tree]]),
          baseRevision: 'base',
          storedBodies,
          revertedBlocks: ahead,
        });
      expect(bodyOf(apply([key]))).toBe('computed ahead');
      expect(bodyOf(apply([keyOf(currentBody, '> Tip.')]))).toBe(revertBlocks(keyOf(currentBody, '> Tip.')));
    });

    it('on random bodies: reverting every block gives the revision, and a block not named stays as written (property test)', () => {
      let seed = 2412;
      const random = (n: number) => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; // 32-bit, so that no precision is lost
        return (seed >>> 16) % n;
      };
      const pool = ['Alpha.', 'Beta.', '# Head', '- x\n- y', '* z', 'Alpha.', '```\ncode\n```', '    indented code', '> quote'];
      const body = () => Array.from({ length: random(8) }, () => pool[random(pool.length)]).join(random(2) ? '\n\n' : '\n\n\n');
      const sources = (markdown: string) => markdownBlocks(markdown).map((b) => b.source);
      for (let run = 0; run < 300; run++) {
        const [then, current] = [body(), body()];
        const bodies = new Map([
          ['h-b', then],
          ['h-b-now', current],
        ]);
        const keys = [...markdownBlocks(then), ...markdownBlocks(current)].map((b) => b.key);
        const revertSome = (block: string[]) => sources(bodyOf(revert([{ operation: 'revert_page', page: 'b', block }], edited, bodies), bodies) as string);
        if (keys.length) expect(revertSome(keys)).toEqual(sources(then));
        const named = new Set(keys.filter(() => random(3) === 0));
        if (!named.size) continue;
        // Kept: the blocks named neither by their key nor, for a modified one, by its key in the revision.
        const { modified } = diffBlocks(markdownBlocks(current), markdownBlocks(then));
        const kept = markdownBlocks(current).filter((b) => !named.has(b.key) && !named.has(modified.get(b.key) ?? ''));
        const after = revertSome([...named]);
        for (const block of kept) expect(after).toContain(block.source);
      }
    });

    it('refuses, naming `block`: a key in neither body, a page added or deleted since', () => {
      expect(() => revert([{ operation: 'revert_page', page: 'b', block: [keyOf(currentBody, 'Restart.'), 'nope'] }])).toThrow(
        /"changes\.0\.block": no block nope in the page's document nor in the revision's/,
      );
      const withAdded = apply([{ operation: 'insert_page', document: 'New.' }]).tree;
      expect(() => revert([{ operation: 'revert_page', page: 'n1', block: ['k'] }], withAdded)).toThrow(/"changes\.0\.block": page n1 was added since/);
      const withoutB = apply([{ operation: 'delete_page', page: 'b' }]).tree;
      expect(() => revert([{ operation: 'revert_page', page: 'b', block: ['k'] }], withoutB)).toThrow(/"changes\.0\.block": page b was deleted since/);
    });
  });

  it('refuses a ref that is the path of an existing page', () => {
    expect(() => apply([{ operation: 'insert_page', document: 'x', ref: 'b' }])).toThrow(/"changes\.0\.ref": "b" is the path of a page/);
  });

  it('keeps a tree valid on random batches, as a small model predicts (property test)', () => {
    let seed = 2411;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let applied = 0;
    for (let run = 0; run < 200; run++) {
      let current: RevisionTree = tree;
      const model = new Map(tree.pages.map((p) => [p.id, p.parentId]));
      for (let step = 0; step < 10; step++) {
        const ids = [...model.keys()];
        const target = ids[random(Math.max(1, ids.length))] as string;
        const kind = ids.length ? random(3) : 0;
        const change: ContentChange =
          kind === 0
            ? { operation: 'insert_page', document: `# P${run}-${step}`, ...(random(2) && target ? { into: target } : {}) }
            : kind === 1
              ? { operation: 'update_page', page: target, into: random(2) ? null : (ids[random(ids.length)] as string) }
              : { operation: 'delete_page', page: target };
        let draft;
        try {
          draft = applyContentChanges(current, [change], { now, newId: () => `r${run}s${step}` });
        } catch {
          continue; // a refused change (a cycle, a link parent) changes nothing: the model stays
        }
        current = draft.tree;
        applied++;
        if (change.operation === 'insert_page') model.set(`r${run}s${step}`, change.into ?? null);
        if (change.operation === 'update_page') model.set(change.page, change.into ?? null);
        if (change.operation === 'delete_page') {
          const gone = new Set([change.page]);
          for (let grew = true; grew;) {
            grew = false;
            for (const [id, parent] of model) {
              if (parent === null || !gone.has(parent) || gone.has(id)) continue;
              gone.add(id);
              grew = true;
            }
          }
          for (const id of gone) model.delete(id);
        }
        // Same pages and parents as the model; parents before children; slugs unique among siblings.
        expect(new Map(current.pages.map((p) => [p.id, p.parentId]))).toEqual(model);
        const seen = new Set<string>();
        for (const p of current.pages) {
          expect(p.parentId === null || seen.has(p.parentId)).toBe(true);
          seen.add(p.id);
        }
        const slugs = current.pages.map((p) => `${p.parentId}/${p.slug}`);
        expect(new Set(slugs).size).toBe(slugs.length);
      }
    }
    expect(applied).toBeGreaterThan(1000); // of 2,000 random changes, the refused ones aside
  });
});
