import { RawJson, stringifyWithRaw } from '../src/http';

describe('stringifyWithRaw', () => {
  it('writes each RawJson as the value its text encodes, without parsing it', () => {
    const doc = JSON.stringify({ object: 'document', nodes: [{ text: 'a "quoted" $& $1 \u0000' }] });
    const text = stringifyWithRaw({ id: 'p1', document: new RawJson(doc), pages: [{ document: new RawJson('[1,2]') }], title: 'raw-json:x' });
    expect(JSON.parse(text)).toEqual({ id: 'p1', document: JSON.parse(doc), pages: [{ document: [1, 2] }], title: 'raw-json:x' });
  });

  it('is JSON.stringify when there is no RawJson', () => {
    const value = { a: [1, 'two', null], b: { c: true } };
    expect(stringifyWithRaw(value)).toBe(JSON.stringify(value));
  });
});
