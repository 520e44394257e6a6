import { listTargets, rewriteTargets } from '../src/markdown/link-targets';
import { pagePathOf, relativeTarget, resolveRelative } from '../src/markdown/revision-paths';
import { slugify, uniqueSlug } from '../src/markdown/slugs';

describe('slugs', () => {
  it('makes lowercase ASCII slugs and keeps them unique among siblings', () => {
    expect(slugify('Getting Started — Ünïcode & more!')).toBe('getting-started-unicode-more');
    expect(slugify('😀')).toBe('page');
    expect(slugify('a'.repeat(300))).toHaveLength(100);
    const taken = new Set<string>();
    expect(['Intro', 'intro', 'INTRO'].map((t) => uniqueSlug(slugify(t), taken))).toEqual(['intro', 'intro-1', 'intro-2']);
  });
});

describe('link targets', () => {
  it('rewrites inline links, images, definitions, html and content-refs, never code', () => {
    const markdown = [
      'See [a](a.md "title") and ![img](<img one.png>) and `[not](code.md)`.',
      '[ref]: b.md',
      '<img src="c.png"> <a href="d.md">d</a>',
      '{% content-ref url="e.md" %}',
      '```',
      '[fenced](f.md)',
      '```',
    ].join('\n');
    expect(listTargets(markdown).map((t) => `${t.kind}:${t.target}`)).toEqual([
      'link:a.md',
      'image:img one.png',
      'link:b.md',
      'image:c.png',
      'link:d.md',
      'link:e.md',
    ]);
    const rewritten = rewriteTargets(markdown, (target) => `X/${target}`);
    expect(rewritten).toContain('[a](X/a.md "title")');
    expect(rewritten).toContain('![img](<X/img one.png>)');
    expect(rewritten).toContain('`[not](code.md)`');
    expect(rewritten).toContain('[fenced](f.md)');
    expect(rewritten).toContain('[ref]: X/b.md');
  });

  it('unlinks an inline link whose rewrite is null, keeping its text; images and definitions stay', () => {
    const markdown = 'See [the guide](nowhere.md) and [home](home.md).\n\n![pic](gone.png)\n\n[def]: gone.md';
    const rewritten = rewriteTargets(markdown, (target) => (target === 'home.md' ? 'h.md' : null));
    expect(rewritten).toBe('See the guide and [home](h.md).\n\n![pic](gone.png)\n\n[def]: gone.md');
  });
});

describe('link targets in hostile lines', () => {
  // Each of these took 5 to 70 seconds per 200 kB line when a scan could run past the next link's start.
  const lines = ['['.repeat(200_000), '[a]('.repeat(50_000), '[a](<'.repeat(40_000), '<a '.repeat(70_000), '[a](b ('.repeat(30_000), '[\\'.repeat(100_000)];

  it.each(lines.map((line) => [line.slice(0, 8), line]))('finds the targets of a 200 kB line of %j in linear time', (_shape, line) => {
    const started = Date.now();
    expect(listTargets(line)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('still reads balanced parentheses, escaped brackets and images inside a line', () => {
    const markdown = '[w](https://en.wikipedia.org/wiki/Foo_(bar)) \\[not](x.md) ![i](<a b.png> "t") [t](u.md (title))';
    expect(listTargets(markdown).map((t) => `${t.kind}:${t.target}`)).toEqual(['link:https://en.wikipedia.org/wiki/Foo_(bar)', 'image:a b.png', 'link:u.md']);
  });
});

describe('revision paths', () => {
  it('writes a new target bare when INLINE reads it back so (one level of balanced parentheses), else in <…>', () => {
    const to = (target: string) => rewriteTargets('[a](x.md)', () => target);
    expect(to('../.gitbook/assets/a%20(1).svg')).toBe('[a](../.gitbook/assets/a%20(1).svg)');
    expect(to('a b.md')).toBe('[a](<a b.md>)');
    expect(to('a((1)).md')).toBe('[a](<a((1)).md>)');
    expect(to('a(1.md')).toBe('[a](<a(1.md>)');
    for (const target of ['a%20(1).svg', 'a((1)).md', 'a(1.md']) expect(listTargets(to(target))).toEqual([{ target, kind: 'link' }]);
  });

  it('writes a link from one file to another relative and %-encoded, and resolves it back', () => {
    const target = relativeTarget('guide/install.md', '.gitbook/assets/a b#1?.png');
    expect(target).toBe('../.gitbook/assets/a%20b%231%3F.png');
    expect(resolveRelative(target, 'guide/install.md')).toEqual({ path: '.gitbook/assets/a b#1?.png', anchor: '' });
    expect(relativeTarget('guide/install.md', 'guide/setup.md')).toBe('setup.md');
    expect(resolveRelative('../README.md#top', 'guide/install.md')).toEqual({ path: 'README.md', anchor: 'top' });
    expect(['guide/install.md', 'guide/install/README.md', 'guide/install/', 'README.md'].map(pagePathOf)).toEqual([
      'guide/install',
      'guide/install',
      'guide/install',
      '',
    ]);
  });
});
