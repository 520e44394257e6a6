import { rankResults } from '../src/modules/search/domain/rank-results';
import type { SearchCandidate } from '../src/modules/search/model/search';

// Grouping and ordering of search results, from candidates as the store reads them.

const hit = (spaceId: string, pageId: string, position: number, rank: number, tier = 1): SearchCandidate => ({ spaceId, pageId, position, rank, tier });
const keys = (sections: SearchCandidate[]) => sections.map((s) => `${s.spaceId}/${s.pageId}#${s.position}`);
const limits = { limit: 20, offset: 0, pagesPerGroup: 5, sectionsPerPage: 3 };
const live = new Set(['s1', 's2', 's3']);

describe('rankResults', () => {
  it('ranks a space as its best page and a page as its best section, best sections first', () => {
    const candidates = [hit('s1', 'p1', 1, 0.2), hit('s1', 'p1', 0, 0.9, 3), hit('s2', 'p2', 2, 0.5), hit('s1', 'p3', 4, 0.3)];
    const { sections, groups } = rankResults(candidates, live, 'space', limits);
    expect(groups).toBe(2);
    expect(keys(sections)).toEqual(['s1/p1#0', 's1/p1#1', 's1/p3#4', 's2/p2#2']);
  });

  it('groups per page for space search, shows the best few, and pages through groups', () => {
    const candidates = [1, 2, 3, 4]
      .map((n) => hit('s1', `p${n}`, n, n / 10))
      .concat([hit('s1', 'p4', 7, 0.05), hit('s1', 'p4', 8, 0.01), hit('s1', 'p4', 9, 0.02)]);
    const page = (offset: number) => rankResults(candidates, live, 'page', { ...limits, pagesPerGroup: 1, limit: 2, offset });
    expect(keys(page(0).sections)).toEqual(['s1/p4#4', 's1/p4#7', 's1/p4#9', 's1/p3#3']);
    expect(keys(page(2).sections)).toEqual(['s1/p2#2', 's1/p1#1']);
    expect(page(4)).toMatchObject({ sections: [], groups: 4 });
  });

  it('caps the pages per space, breaks ties on ids, and counts a section found by two tiers once', () => {
    const candidates = ['pa', 'pb', 'pc', 'pd', 'pe', 'pf'].map((p) => hit('s3', p, 0, 0.4)).concat([hit('s3', 'pa', 0, 0.4, 3)]);
    const { sections } = rankResults(candidates, live, 'space', limits);
    expect(keys(sections)).toEqual(['s3/pa#0', 's3/pb#0', 's3/pc#0', 's3/pd#0', 's3/pe#0']);
    expect(sections[0]?.tier).toBe(3);
    const tied = rankResults([hit('s2', 'x', 0, 0.5), hit('s1', 'y', 0, 0.5)], live, 'space', limits);
    expect(keys(tied.sections)).toEqual(['s1/y#0', 's2/x#0']);
  });

  it("numbers every page found by rank across groups, the same on every page of results (0.202.0's SearchPageResult.rank)", () => {
    const candidates = [hit('s1', 'a', 0, 0.9), hit('s1', 'b', 0, 0.2), hit('s2', 'c', 0, 0.5), hit('s2', 'd', 0, 0.5)];
    const first = rankResults(candidates, live, 'space', { ...limits, limit: 1 });
    const second = rankResults(candidates, live, 'space', { ...limits, limit: 1, offset: 1 });
    expect([...first.pagePositions]).toEqual([
      ['s1/a', 1],
      ['s2/c', 2],
      ['s2/d', 3],
      ['s1/b', 4],
    ]);
    expect(second.pagePositions).toEqual(first.pagePositions);
  });

  it('leaves out spaces that are not live', () => {
    const { sections, groups } = rankResults([hit('gone', 'p', 0, 1), hit('s1', 'p', 0, 0.1)], live, 'space', limits);
    expect([keys(sections), groups]).toEqual([['s1/p#0'], 1]);
  });
});
