import { MAX_JSON_DEPTH, unstorableValue } from '../src/modules/insights/domain/storable-json';

describe('unstorableValue', () => {
  it('finds lone surrogates in strings and keys, with the path', () => {
    expect(unstorableValue({ events: [{ query: 'ok' }, { query: 'a\ud800' }] })).toEqual({
      path: ['events', 1, 'query'],
      problem: 'must not contain a lone UTF-16 surrogate',
    });
    expect(unstorableValue({ claims: { ['\udc00x']: 1 } })?.path).toEqual(['claims', '\\udc00x']);
    expect(unstorableValue({ text: '\u{1F600} a well-formed pair', n: 1e308, nothing: null })).toBeNull();
  });

  it('finds numbers JSON read as Infinity', () => {
    expect(unstorableValue(JSON.parse('{"a":[1,-1e999]}'))).toEqual({ path: ['a', 1], problem: 'must be a finite number' });
  });

  it('finds nesting past the limit without exhausting the stack', () => {
    const deep: unknown = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    const found = unstorableValue(deep);
    expect(found?.path).toHaveLength(MAX_JSON_DEPTH);
    expect(found?.problem).toMatch(/nest/);
    expect(unstorableValue(JSON.parse('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)))).toBeNull();
  });
});
