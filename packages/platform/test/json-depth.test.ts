import { jsonDeeperThan, MAX_JSON_DEPTH } from '../src/http/json-depth';
import { pathOfNul } from '@quire/input';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('jsonDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonDeeperThan(bytes('{"a":[{"b":1}]}'), 3)).toBe(false);
    expect(jsonDeeperThan(bytes('{"a":[{"b":1}]}'), 2)).toBe(true);
    expect(jsonDeeperThan(bytes(JSON.stringify({ t: '[[[[{{{{\\"[[[' })), 1)).toBe(false);
    expect(jsonDeeperThan(bytes('"a\\\\"'), 0)).toBe(false);
  });

  it('refuses both hostile shapes (deep arrays, deep objects) beyond the limit and keeps the limit itself', () => {
    const chain = (n: number) => '{"a":'.repeat(n) + '0' + '}'.repeat(n);
    const siblings = (n: number) => '{"title":"t","x":' + '{"a":0,"b":'.repeat(n) + '0' + '}'.repeat(n) + '}';
    expect(jsonDeeperThan(bytes(chain(100_000)))).toBe(true);
    expect(jsonDeeperThan(bytes(siblings(40_000)))).toBe(true);
    expect(jsonDeeperThan(bytes(chain(MAX_JSON_DEPTH)))).toBe(false);
    expect(jsonDeeperThan(bytes(chain(MAX_JSON_DEPTH + 1)))).toBe(true);
  });
});

describe('pathOfNul', () => {
  it('names the field holding a NUL, in a string or a key', () => {
    expect(pathOfNul({ a: [1, { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(pathOfNul({ a: { 'k\u0000': 1 } })).toEqual(['a', 'k\\u0000']);
    expect(pathOfNul({ a: ['fine'], b: 'also fine' })).toBeNull();
  });

  it('walks a document 100,000 levels deep with a sibling at each level without recursion', () => {
    const root: Record<string, unknown> = {};
    let at = root;
    for (let i = 0; i < 100_000; i++) {
      const inner: Record<string, unknown> = {};
      at.a = 0;
      at.b = inner;
      at = inner;
    }
    at.leaf = 'nul\u0000';
    const path = pathOfNul(root);
    expect(path).toHaveLength(100_001);
    expect(path?.at(-1)).toBe('leaf');
  });
});
