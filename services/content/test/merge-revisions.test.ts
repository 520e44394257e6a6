import { bodyHash } from '../src/modules/revisions/domain/apply-import';
import type { RevisionTree, StoredFile, StoredPage } from '../src/modules/revisions/model/revision-tree';
import { bodiesNeeded, type MergeOutcome, mergeRevisions } from '../src/modules/change-requests/domain/merge/merge-revisions';
import { hasConflictMarkers } from '../src/modules/change-requests/domain/merge/merge-text';

// The three-way merge of two revisions' page trees and files (docs/change-requests.md, Merge rules, one test per rule).

const now = new Date('2026-11-23T12:00:00Z');
const earlier = '2026-11-01T00:00:00.000Z';
const allBodies = new Map<string, string>();

function body(markdown: string): string {
  const hash = bodyHash(markdown);
  allBodies.set(hash, markdown);
  return hash;
}

function page(id: string, parentId: string | null, fields: Partial<StoredPage> = {}): StoredPage {
  return { id, parentId, kind: 'document', title: id.toUpperCase(), slug: id, createdAt: earlier, updatedAt: earlier, ...fields };
}

const file = (id: string, name: string, blob = `blob-${id}`): StoredFile => ({ id, name, contentType: 'image/png', size: 1, blob });

/** g (a group) holds a, b, c; a holds a1, a2; d is a top-level page. */
function baseTree(): RevisionTree {
  return {
    pages: [
      page('g', null, { kind: 'group' }),
      page('a', 'g', { body: body('# A\n\none\ntwo\nthree\nfour\nfive\n') }),
      page('a1', 'a', { body: body('A1\n') }),
      page('a2', 'a'),
      page('b', 'g', { body: body('B\n') }),
      page('c', 'g'),
      page('d', null, { body: body('D\n') }),
    ],
    files: [file('f1', 'logo.png')],
  };
}

/** A copy of the tree with pages edited by id, removed, or added (after a sibling id, or at the end). */
function edit(
  tree: RevisionTree,
  change: { set?: Record<string, Partial<StoredPage>>; remove?: string[]; add?: { page: StoredPage; after?: string }[]; files?: StoredFile[] },
): RevisionTree {
  const removed = new Set(change.remove ?? []);
  let pages = tree.pages.filter((p) => !removed.has(p.id)).map((p) => ({ ...p, ...(change.set?.[p.id] ?? {}) }));
  for (const { page: added, after } of change.add ?? []) {
    const at = after ? pages.findIndex((p) => p.id === after) + 1 : pages.length;
    pages = [...pages.slice(0, at), added, ...pages.slice(at)];
  }
  return { pages: inTreeOrder(pages), files: change.files ?? tree.files };
}

/** Parents before children, siblings in the order given. */
function inTreeOrder(pages: StoredPage[]): StoredPage[] {
  const out: StoredPage[] = [];
  const walk = (parentId: string | null) => {
    for (const p of pages.filter((c) => c.parentId === parentId)) {
      out.push(p);
      walk(p.id);
    }
  };
  walk(null);
  return out;
}

function merge(base: RevisionTree, target: RevisionTree, source: RevisionTree): MergeOutcome {
  const needed = bodiesNeeded(base, target, source);
  const bodies = new Map(needed.map((hash) => [hash, allBodies.get(hash) ?? '']));
  const outcome = mergeRevisions({ base, target: { tree: target, label: 'main' }, source: { tree: source, label: 'change request #1' }, bodies }, { now });
  expectValidTree(outcome.tree);
  return outcome;
}

/** RevisionTree's invariants: unique ids, parents before children (so no orphan, no cycle), groups at the top, unique sibling slugs. */
function expectValidTree(tree: RevisionTree): void {
  const seen = new Set<string>();
  const slugs = new Set<string>();
  for (const p of tree.pages) {
    expect(seen.has(p.id)).toBe(false);
    if (p.parentId !== null) expect(seen.has(p.parentId)).toBe(true);
    if (p.kind === 'group') expect(p.parentId).toBeNull();
    const slugKey = `${p.parentId ?? ''}/${p.slug}`;
    expect(slugs.has(slugKey)).toBe(false);
    slugs.add(slugKey);
    seen.add(p.id);
  }
  expect(new Set(tree.files.map((f) => f.name)).size).toBe(tree.files.length);
}

const byId = (outcome: MergeOutcome, id: string) => outcome.tree.pages.find((p) => p.id === id);
const childIds = (outcome: MergeOutcome, parentId: string | null) => outcome.tree.pages.filter((p) => p.parentId === parentId).map((p) => p.id);
const textOf = (outcome: MergeOutcome, id: string) => {
  const hash = byId(outcome, id)?.body;
  return hash ? (outcome.bodies.get(hash) ?? allBodies.get(hash)) : '';
};

describe('mergeRevisions', () => {
  const base = baseTree();

  it('merges parallel edits of different lines of one page cleanly', () => {
    const target = edit(base, { set: { a: { body: body('# A\n\nONE\ntwo\nthree\nfour\nfive\n') } } });
    const source = edit(base, { set: { a: { body: body('# A\n\none\ntwo\nthree\nfour\nFIVE\n') } } });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts).toEqual([]);
    expect(textOf(outcome, 'a')).toBe('# A\n\nONE\ntwo\nthree\nfour\nFIVE\n');
    expect(outcome.bodies.size).toBe(1);
    expect(outcome.changedPageIds).toEqual(['a']);
    expect(byId(outcome, 'a')?.updatedAt).toBe(now.toISOString());
    expect(byId(outcome, 'b')?.updatedAt).toBe(earlier);
  });

  it('writes overlapping edits between markers and reports a body conflict', () => {
    const target = edit(base, { set: { a: { body: body('# A\n\none\nTWO main\nthree\nfour\nfive\n') } } });
    const source = edit(base, { set: { a: { body: body('# A\n\none\nTWO cr\nthree\nfour\nfive\n') } } });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts).toEqual([expect.objectContaining({ pageId: 'a', title: 'A', kind: 'body' })]);
    expect(textOf(outcome, 'a')).toBe('# A\n\none\n<<<<<<< main\nTWO main\n=======\nTWO cr\n>>>>>>> change request #1\nthree\nfour\nfive\n');
    expect(outcome.conflictedBodies).toEqual(new Map([['a', byId(outcome, 'a')?.body]]));
  });

  it('keeps a page deleted in the source but edited in the target, with a delete-edit marker', () => {
    const target = edit(base, { set: { b: { body: body('B edited\n') } } });
    const source = edit(base, { remove: ['b'] });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts).toEqual([expect.objectContaining({ pageId: 'b', kind: 'delete-edit' })]);
    const text = textOf(outcome, 'b') ?? '';
    expect(text.startsWith('<<<<<<< main\nB edited\n=======\nThis page was deleted in change request #1')).toBe(true);
    expect(hasConflictMarkers(text)).toBe(true);
    expect(outcome.conflictedBodies.has('b')).toBe(true);
  });

  it('keeps a page deleted in the target but edited in the source, and its deleted parent', () => {
    const target = edit(base, { remove: ['a', 'a1', 'a2'] });
    const source = edit(base, { set: { a1: { title: 'A1 renamed' } } });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts.map((c) => [c.pageId, c.kind])).toEqual([
      ['a', 'delete-edit'],
      ['a1', 'delete-edit'],
    ]);
    expect(byId(outcome, 'a1')).toMatchObject({ parentId: 'a', title: 'A1 renamed' });
    expect(byId(outcome, 'a2')).toBeUndefined();
    expect(textOf(outcome, 'a1')).toMatch(
      /^<<<<<<< main\nThis page was deleted in main, but edited in change request #1\.[^\n]*\n=======\nA1\n>>>>>>> change request #1\n$/,
    );
    expect(textOf(outcome, 'a')).toContain('pages under it were changed in change request #1');
  });

  it('deletes a page (with its subtree) deleted on one side and unchanged on the other', () => {
    const target = edit(base, { set: { d: { body: body('D edited\n') } } });
    const source = edit(base, { remove: ['a', 'a1', 'a2'] });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts).toEqual([]);
    expect(childIds(outcome, 'g')).toEqual(['b', 'c']);
    expect(outcome.deletedPageIds.sort()).toEqual(['a', 'a1', 'a2']);
    expect(merge(base, source, target).tree.pages.map((p) => p.id)).toEqual(['g', 'b', 'c', 'd']);
  });

  it('deletes a page deleted on both sides', () => {
    const gone = edit(base, { remove: ['c'] });
    const outcome = merge(base, gone, gone);
    expect(outcome.conflicts).toEqual([]);
    expect(byId(outcome, 'c')).toBeUndefined();
  });

  it('applies moves of different pages from both sides', () => {
    const target = edit(base, { set: { a2: { parentId: 'b' } } });
    const source = edit(base, { set: { c: { parentId: 'a' } } });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts).toEqual([]);
    expect(childIds(outcome, 'b')).toEqual(['a2']);
    expect(childIds(outcome, 'a')).toEqual(['a1', 'c']);
    expect(outcome.changedPageIds.sort()).toEqual(['c']);
  });

  it('keeps the target placement when two moves would make a cycle', () => {
    const target = edit(base, { set: { b: { parentId: 'a' } } });
    const source = edit(base, { set: { a: { parentId: 'b' } } });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts).toEqual([expect.objectContaining({ pageId: 'a', kind: 'move' })]);
    expect(byId(outcome, 'a')?.parentId).toBe('g');
    expect(byId(outcome, 'b')?.parentId).toBe('a');
  });

  it('merges different fields changed on each side of one page', () => {
    const target = edit(base, { set: { b: { emoji: '📘' } } });
    const source = edit(base, { set: { b: { description: 'How to pay', hidden: true } } });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts).toEqual([]);
    expect(byId(outcome, 'b')).toMatchObject({ emoji: '📘', description: 'How to pay', hidden: true, body: base.pages[4].body });
  });

  it('keeps a group at the top level when the other side moved the page under another', () => {
    const target = edit(base, { set: { c: { parentId: 'a' } } });
    const source = edit(base, { set: { c: { parentId: null, kind: 'group' } } });
    const outcome = merge(base, target, source);
    expect(byId(outcome, 'c')).toMatchObject({ kind: 'group', parentId: null });
    expect(outcome.conflicts.map((c) => [c.pageId, c.kind])).toEqual([
      ['c', 'move'],
      ['c', 'move'],
    ]);
  });

  it('reports two different moves of one page and keeps the target one', () => {
    const target = edit(base, { set: { c: { parentId: 'a' } } });
    const source = edit(base, { set: { c: { parentId: 'b' } } });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts).toEqual([expect.objectContaining({ pageId: 'c', kind: 'move' })]);
    expect(byId(outcome, 'c')?.parentId).toBe('a');
  });

  it('gives the source page a distinct slug when both sides add the same slug under one parent', () => {
    const target = edit(base, { add: [{ page: page('t1', 'g', { title: 'Setup', slug: 'setup' }), after: 'c' }] });
    const source = edit(base, { add: [{ page: page('s1', 'g', { title: 'Setup', slug: 'setup' }), after: 'c' }] });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts).toEqual([]);
    expect(byId(outcome, 't1')?.slug).toBe('setup');
    expect(byId(outcome, 's1')?.slug).toBe('setup-1');
    expect(childIds(outcome, 'g')).toEqual(['a', 'b', 'c', 't1', 's1']);
    expect(outcome.changedPageIds).toEqual(['s1']);
  });

  it('takes a rename made on one side, and keeps the target name when both renamed differently', () => {
    const renamed = edit(base, { set: { b: { title: 'Billing', slug: 'billing' } } });
    const clean = merge(base, base, renamed);
    expect(clean.conflicts).toEqual([]);
    expect(byId(clean, 'b')).toMatchObject({ title: 'Billing', slug: 'billing', updatedAt: now.toISOString() });

    const other = edit(base, { set: { b: { title: 'Payments', slug: 'payments' } } });
    const both = merge(base, other, renamed);
    expect(both.conflicts.map((c) => [c.pageId, c.kind, c.message.slice(0, 14)])).toEqual([
      ['b', 'metadata', 'The title of "'],
      ['b', 'metadata', 'The slug of "P'],
    ]);
    expect(byId(both, 'b')).toMatchObject({ title: 'Payments', slug: 'payments' });
  });

  it('keeps slugs unique when a source rename takes a slug the target added', () => {
    const target = edit(base, { add: [{ page: page('t1', 'g', { title: 'Billing', slug: 'billing' }) }] });
    const source = edit(base, { set: { b: { title: 'Billing', slug: 'billing' } } });
    const outcome = merge(base, target, source);
    expect(byId(outcome, 't1')?.slug).toBe('billing');
    expect(byId(outcome, 'b')?.slug).toBe('billing-1');
  });

  it('applies a reorder made on one side, and the target order when both reordered', () => {
    const reversed = edit(base, { set: {}, remove: [] });
    reversed.pages = inTreeOrder([...reversed.pages].reverse());
    const added = edit(base, { add: [{ page: page('t1', 'g'), after: 'a' }] });
    const outcome = merge(base, added, reversed);
    expect(outcome.conflicts).toEqual([]);
    expect(childIds(outcome, 'g')).toEqual(['c', 'b', 'a', 't1']);
    expect(childIds(outcome, 'a')).toEqual(['a2', 'a1']);
    expect(childIds(outcome, null)).toEqual(['d', 'g']);

    const swapped = edit(base, {});
    swapped.pages = inTreeOrder([swapped.pages[0], swapped.pages[4], swapped.pages[1], swapped.pages[5], ...swapped.pages.slice(2, 4), swapped.pages[6]]);
    expect(childIds(merge(base, swapped, reversed), 'g')).toEqual(['b', 'a', 'c']);
  });

  it('keeps a page added under a parent that the other side deleted, and reports both', () => {
    const target = edit(base, { remove: ['b'] });
    const source = edit(base, { add: [{ page: page('s1', 'b', { body: body('new\n') }) }] });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts.map((c) => [c.pageId, c.kind])).toEqual([
      ['b', 'delete-edit'],
      ['s1', 'delete-edit'],
    ]);
    expect(byId(outcome, 's1')?.parentId).toBe('b');
    expect(textOf(outcome, 's1')).toBe('new\n');
    expect(hasConflictMarkers(textOf(outcome, 'b') ?? '')).toBe(true);
  });

  it('renames the source file when both sides add a file with the same name', () => {
    const target = edit(base, { files: [...base.files, file('t', 'diagram.png')] });
    const source = edit(base, { files: [...base.files, file('s', 'diagram.png')] });
    const outcome = merge(base, target, source);
    expect(outcome.conflicts).toEqual([]);
    expect(outcome.tree.files.map((f) => [f.id, f.name])).toEqual([
      ['f1', 'logo.png'],
      ['t', 'diagram.png'],
      ['s', 'diagram-1.png'],
    ]);
  });

  it('merges file deletions and reports a file deleted on one side and replaced on the other', () => {
    const deleted = edit(base, { files: [] });
    expect(merge(base, base, deleted).tree.files).toEqual([]);
    const replaced = edit(base, { files: [file('f1', 'logo.png', 'other-blob')] });
    const outcome = merge(base, deleted, replaced);
    expect(outcome.conflicts).toEqual([expect.objectContaining({ pageId: 'f1', kind: 'file' })]);
    expect(outcome.tree.files).toEqual(replaced.files);
  });

  it('changes nothing when both sides are identical', () => {
    const same = edit(base, { set: { a: { body: body('same\n'), title: 'Same' } }, add: [{ page: page('n', 'a') }] });
    const outcome = merge(base, same, same);
    expect(outcome).toMatchObject({ conflicts: [], changedPageIds: [], deletedPageIds: [] });
    expect(outcome.bodies.size).toBe(0);
    expect(outcome.tree).toEqual(same);
  });

  it('needs only the bodies of pages changed on both sides', () => {
    const target = edit(base, { set: { a: { body: body('x\n') }, b: { body: body('B main\n') } } });
    const source = edit(base, { set: { a: { body: body('y\n') }, d: { body: body('D cr\n') } } });
    expect(bodiesNeeded(base, target, source).sort()).toEqual([bodyHash('# A\n\none\ntwo\nthree\nfour\nfive\n'), bodyHash('x\n'), bodyHash('y\n')].sort());
  });

  it('merges 50 changed pages on each side of a 1,000-page tree (time logged, not asserted)', () => {
    const pages: StoredPage[] = [];
    for (let s = 0; s < 10; s++) {
      pages.push(page(`s${s}`, null, { kind: 'group' }));
      for (let i = 0; i < 99; i++) pages.push(page(`p${s}-${i}`, `s${s}`, { body: body(`# Page ${s}-${i}\n\nfirst\nsecond\nthird\n`) }));
    }
    const big: RevisionTree = { pages, files: [] };
    // Main edits the third line of 50 pages, the change request the first line of 50: ten pages on both, cleanly.
    const edits = (from: number, line: (text: string) => string) =>
      Object.fromEntries(
        Array.from({ length: 50 }, (_, k) => {
          const id = `p${k % 10}-${from + k}`;
          return [id, { body: body(line(`# Page ${id.slice(1)}\n\nfirst\nsecond\nthird\n`)) }];
        }),
      );
    const target = edit(big, { set: edits(0, (text) => text.replace('third', 'third (main)')) });
    const source = edit(big, { set: edits(40, (text) => text.replace('first', 'first (cr)')) });
    // Timed, not asserted (a shared machine): the first run includes the JIT warming up.
    const timedMerge = () => {
      const [started, cpu] = [performance.now(), process.cpuUsage()];
      const needed = bodiesNeeded(big, target, source);
      const bodies = new Map(needed.map((hash) => [hash, allBodies.get(hash) ?? '']));
      const outcome = mergeRevisions({ base: big, target: { tree: target, label: 'main' }, source: { tree: source, label: 'cr' }, bodies }, { now });
      const used = process.cpuUsage(cpu);
      return { outcome, ms: `${(performance.now() - started).toFixed(1)} ms (CPU ${((used.user + used.system) / 1000).toFixed(1)} ms)` };
    };
    const first = timedMerge();
    const { outcome, ms } = timedMerge();
    console.log(`merge of 1,000 pages with 50 + 50 changed (bodiesNeeded + mergeRevisions): first run ${first.ms}, then ${ms}`);
    expectValidTree(outcome.tree);
    expect(outcome.conflicts).toEqual([]);
    expect(outcome.tree.pages).toHaveLength(1000);
    expect(outcome.bodies.size).toBe(10);
    expect(outcome.changedPageIds).toHaveLength(50);
  });
});
