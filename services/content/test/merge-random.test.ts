import { bodyHash } from '../src/modules/revisions/domain/apply-import';
import type { RevisionTree, StoredPage } from '../src/modules/revisions/model/revision-tree';
import { bodiesNeeded, mergeRevisions, type MergeOutcome } from '../src/modules/change-requests/domain/merge/merge-revisions';

// Random edits on both sides of random trees (seeded, so a failure replays): every merge keeps
// RevisionTree's invariants, and a merge against an unchanged side reproduces the changed side.

const now = new Date('2026-11-23T12:00:00Z');
const allBodies = new Map<string, string>();

function body(markdown: string): string {
  const hash = bodyHash(markdown);
  allBodies.set(hash, markdown);
  return hash;
}

/** mulberry32: a small seeded generator. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function inTreeOrder(pages: StoredPage[]): StoredPage[] {
  const children = new Map<string | null, StoredPage[]>();
  for (const p of pages) children.set(p.parentId, [...(children.get(p.parentId) ?? []), p]);
  const out: StoredPage[] = [];
  const walk = (parentId: string | null) => {
    for (const p of children.get(parentId) ?? []) {
      out.push(p);
      walk(p.id);
    }
  };
  walk(null);
  return out;
}

const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `line ${i} ${tag}\n`).join('');

function randomTree(next: () => number): RevisionTree {
  const pages: StoredPage[] = [];
  for (let i = 0; i < 40; i++) {
    const isGroup = i < 3;
    const parents = isGroup ? [] : pages.filter((p) => p.kind === 'group' || next() < 0.3);
    const parent = parents.length && next() < 0.8 ? parents[Math.floor(next() * parents.length)] : undefined;
    const id = `p${i}`;
    pages.push({
      id,
      parentId: isGroup ? null : (parent?.id ?? null),
      kind: isGroup ? 'group' : 'document',
      title: id,
      slug: id,
      body: isGroup ? undefined : body(lines(6, id)),
    });
  }
  return { pages: inTreeOrder(pages), files: [] };
}

/** A few random edits that keep the tree valid: edit a body, rename, add, delete a subtree, move, reorder. */
function randomEdits(tree: RevisionTree, next: () => number, side: string): RevisionTree {
  let pages = tree.pages.map((p) => ({ ...p }));
  const pick = () => pages[Math.floor(next() * pages.length)];
  for (let op = 0; op < 6; op++) {
    const page = pick();
    if (!page) break;
    const choice = Math.floor(next() * 6);
    if (choice === 0 && page.kind === 'document') {
      const text = (allBodies.get(page.body ?? '') ?? '').split('\n');
      text[Math.floor(next() * text.length)] = `edited ${side} ${op}`;
      page.body = body(text.join('\n'));
    } else if (choice === 1) {
      page.title = `${page.title} ${side}`;
      page.slug = `${page.slug}-${side}${op}`;
    } else if (choice === 2 && page.kind !== 'group') {
      const id = `${side}${op}-${Math.floor(next() * 1e6)}`;
      pages.push({ id, parentId: page.id, kind: 'document', title: id, slug: id, body: body(lines(3, id)) });
    } else if (choice === 3) {
      const gone = new Set([page.id]);
      for (const p of inTreeOrder(pages)) if (p.parentId && gone.has(p.parentId)) gone.add(p.id);
      pages = pages.filter((p) => !gone.has(p.id));
    } else if (choice === 4 && page.kind !== 'group') {
      const below = new Set([page.id]);
      for (const p of inTreeOrder(pages)) if (p.parentId && below.has(p.parentId)) below.add(p.id);
      const to = pick();
      if (!below.has(to.id)) {
        page.parentId = to.id;
        page.slug = `${page.slug}-m${side}${op}`;
      }
    } else if (choice === 5) {
      const i = pages.indexOf(page);
      const j = Math.floor(next() * pages.length);
      [pages[i], pages[j]] = [pages[j], pages[i]];
    }
  }
  return { pages: inTreeOrder(pages), files: [] };
}

function merge(base: RevisionTree, target: RevisionTree, source: RevisionTree): MergeOutcome {
  const bodies = new Map(bodiesNeeded(base, target, source).map((hash) => [hash, allBodies.get(hash) ?? '']));
  return mergeRevisions({ base, target: { tree: target, label: 'main' }, source: { tree: source, label: 'cr' }, bodies }, { now });
}

function invariantErrors(tree: RevisionTree): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  const slugs = new Set<string>();
  for (const p of tree.pages) {
    if (seen.has(p.id)) errors.push(`${p.id} twice`);
    if (p.parentId !== null && !seen.has(p.parentId)) errors.push(`${p.id} before its parent ${p.parentId}`);
    if (p.kind === 'group' && p.parentId !== null) errors.push(`group ${p.id} under ${p.parentId}`);
    if (slugs.has(`${p.parentId}/${p.slug}`)) errors.push(`slug ${p.slug} twice under ${p.parentId}`);
    slugs.add(`${p.parentId}/${p.slug}`);
    seen.add(p.id);
  }
  return errors;
}

const withoutTimes = (tree: RevisionTree) => tree.pages.map(({ updatedAt: _u, createdAt: _c, ...rest }) => rest);

describe('mergeRevisions on random edits', () => {
  it('keeps the tree valid in both directions, and reproduces a side merged with an unchanged one', () => {
    let conflicted = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const next = random(seed);
      const base = randomTree(next);
      const target = randomEdits(base, next, 't');
      const source = randomEdits(base, next, 's');
      for (const [t, s] of [
        [target, source],
        [source, target],
      ]) {
        const outcome = merge(base, t, s);
        expect({ seed, errors: invariantErrors(outcome.tree) }).toEqual({ seed, errors: [] });
        const known = new Set([...t.pages, ...s.pages].map((p) => p.id));
        expect(outcome.tree.pages.filter((p) => !known.has(p.id))).toEqual([]);
        if (outcome.conflicts.length > 0) conflicted++;
      }
      expect({ seed, pages: withoutTimes(merge(base, base, source).tree) }).toEqual({ seed, pages: withoutTimes(source) });
      expect({ seed, pages: withoutTimes(merge(base, target, base).tree) }).toEqual({ seed, pages: withoutTimes(target) });
      expect(merge(base, target, target)).toMatchObject({ conflicts: [], changedPageIds: [] });
    }
    console.log(`random merges: ${conflicted} of 300 had conflicts`);
  });
});
