import { distinctPaths, pathFromTitle } from '../src/modules/sites/domain/sites-paths';

describe('site paths', () => {
  it('makes URL segments from titles', () => {
    expect(pathFromTitle('Getting Started!', 'x')).toBe('getting-started');
    expect(pathFromTitle('  Café & Crème  ', 'x')).toBe('cafe-creme');
    expect(pathFromTitle('📘', 'space')).toBe('space');
    expect(pathFromTitle('a'.repeat(150), 'x')).toHaveLength(100);
  });

  it('makes paths distinct with suffixes, within 100 characters', () => {
    expect(distinctPaths(['docs', 'docs', 'api', 'docs'], ['api'])).toEqual(['docs', 'docs-2', 'api-2', 'docs-3']);
    const long = 'l'.repeat(100);
    const [first, second] = distinctPaths([long, long]);
    expect(first).toBe(long);
    expect(second).toBe(`${'l'.repeat(98)}-2`);
  });
});
