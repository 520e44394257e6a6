import { parseInput, SEARCH_QUERY_LIMITS, searchQueryProblem, searchTermCount, siteSearchQueryText, z } from '../src';

describe('a site search query', () => {
  it('counts every word as a term: plain, in a phrase, negated, hyphenated', () => {
    expect(searchTermCount('install guide')).toBe(2);
    expect(searchTermCount('"getting started fast" -beta OR v2')).toBe(6);
    expect(searchTermCount('a-b-c')).toBe(3);
    expect(searchTermCount('😀 --- "" -')).toBe(0);
    expect(searchTermCount('日本語 ok')).toBe(2);
  });

  it('takes up to 256 code points and 32 terms', () => {
    expect(searchQueryProblem('😀'.repeat(SEARCH_QUERY_LIMITS.codePoints))).toBeNull();
    expect(searchQueryProblem(Array.from({ length: 32 }, (_, i) => `-w${i}`).join(' '))).toBeNull();
  });

  it.each([
    ['x'.repeat(257), 'must be at most 256 characters'],
    [`"${'word '.repeat(50).trim()}"`, 'must have at most 32 terms (each word counts, in a phrase or negated too), not 50'],
    [Array.from({ length: 60 }, (_, i) => `-${i}`).join(' '), 'must have at most 32 terms (each word counts, in a phrase or negated too), not 60'],
    ['   ', 'must not be blank'],
    ['\ud800x', 'must be well-formed Unicode (no lone surrogate)'],
  ])('refuses %j, saying why', (query, message) => {
    expect(searchQueryProblem(query)).toContain(message);
    expect(() => parseInput(z.object({ query: siteSearchQueryText }), { query })).toThrow(
      expect.objectContaining({ code: 400, message: expect.stringContaining(`Invalid body field "query": ${message}`) }),
    );
  });
});
