import { readFileSync } from 'node:fs';
import { pageIconOf, pageMarkOf, type PageEntry } from '../src/modules/site-reads';

const entry = (over: Partial<PageEntry>) => ({ id: 'p', title: 'P', emoji: '', icon: '', ...over }) as PageEntry;

describe('page icons', () => {
  it("are the Font Awesome Free package's own drawing, solid first, then regular and brands", () => {
    const gear = pageIconOf('gear')!;
    const svg = readFileSync(require.resolve('@fortawesome/fontawesome-free/svgs/solid/gear.svg'), 'utf8');
    expect(svg).toContain(`viewBox="${gear.viewBox}"`);
    expect(svg).toContain(`d="${gear.paths[0]}"`);
    expect(pageIconOf('github')?.paths.length).toBeGreaterThan(0); // brands
  });

  it('are looked up only by a well-formed name; an unknown one is none', () => {
    for (const name of ['no-such-icon', '../solid/gear', 'Gear', 'gear.svg', '', 'a'.repeat(65), '..']) expect(pageIconOf(name)).toBeUndefined();
  });

  it('show when the page has no emoji: an emoji wins', () => {
    expect(pageMarkOf(entry({ emoji: '1f680', icon: 'gear' }), pageIconOf)).toEqual({ emoji: '1f680' });
    expect(pageMarkOf(entry({ icon: 'gear' }), pageIconOf)).toEqual({ icon: pageIconOf('gear') });
    expect(pageMarkOf(entry({ icon: 'gear' }))).toEqual({});
    expect(pageMarkOf(entry({ icon: 'no-such-icon' }), pageIconOf)).toEqual({});
  });
});
