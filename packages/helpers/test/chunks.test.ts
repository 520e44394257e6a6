import { chunks } from '../src/chunks';

describe('chunks', () => {
  it('cuts items into consecutive pieces of at most size, in order', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([1, 2], 5)).toEqual([[1, 2]]);
    expect(chunks([], 3)).toEqual([]);
  });

  it('refuses a size that would never advance', () => {
    expect(() => chunks([1], 0)).toThrow(RangeError);
    expect(() => chunks([1], 1.5)).toThrow(RangeError);
  });
});
