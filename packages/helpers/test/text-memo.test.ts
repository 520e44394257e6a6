import { textMemo } from '../src/text-memo';

describe('textMemo', () => {
  it('works a text out once and answers the same value after', () => {
    const compute = jest.fn((text: string) => ({ length: text.length }));
    const memo = textMemo(compute);
    const first = memo('https://docs.test/a');
    expect(memo('https://docs.test/a')).toBe(first);
    expect(memo('https://docs.test/bb')).toEqual({ length: 20 });
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('remembers undefined and null answers too', () => {
    const compute = jest.fn((text: string) => (text === 'none' ? undefined : null));
    const memo = textMemo(compute);
    expect([memo('none'), memo('none'), memo('null'), memo('null')]).toEqual([undefined, undefined, null, null]);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('never remembers more than its entries: when full it starts over, still answering right', () => {
    const compute = jest.fn((text: string) => `v:${text}`);
    const memo = textMemo(compute, { entries: 3 });
    for (const text of ['a', 'b', 'c', 'd', 'a', 'd']) expect(memo(text)).toBe(`v:${text}`);
    // a, b, c kept; d starts over (d kept); a again (kept beside d); d remembered.
    expect(compute.mock.calls.map(([text]) => text)).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('works out a text longer than its limit every time, without keeping it', () => {
    const compute = jest.fn((text: string) => text.length);
    const memo = textMemo(compute, { textLength: 8 });
    const long = 'x'.repeat(9);
    expect([memo(long), memo(long), memo('short'), memo('short')]).toEqual([9, 9, 5, 5]);
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it('remembers nothing when the computation throws', () => {
    let calls = 0;
    const memo = textMemo((text: string) => {
      calls++;
      if (text === 'bad') throw new Error('not a URL');
      return text;
    });
    expect(() => memo('bad')).toThrow('not a URL');
    expect(() => memo('bad')).toThrow('not a URL');
    expect(calls).toBe(2);
  });
});
