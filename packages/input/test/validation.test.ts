import { codePointLength, parseInput, resourceId, text, z } from '../src';

describe('parseInput', () => {
  const schema = z
    .object({ title: z.string().min(2).max(5), tags: z.array(z.string()).max(1), nested: z.object({ flag: z.boolean() }) })
    .partial()
    .strict();

  it.each([
    [{ title: 'a' }, /field "title": must be at least 2 characters/],
    [{ title: 'abcdef' }, /field "title": must be at most 5 characters/],
    [{ title: 3 }, /field "title": must be string, not number/],
    [{ tags: ['a', 'b'] }, /field "tags": must have at most 1 entries/],
    [{ nested: { flag: 'x' } }, /field "nested.flag"/],
    [{ other: 1 }, /unknown field\(s\) other/],
  ])('names the field for %j', (input, message) => {
    expect(() => parseInput(schema, input)).toThrow(expect.objectContaining({ code: 400, message: expect.stringMatching(message) }));
  });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { title: 'abc' })).toEqual({ title: 'abc' });
  });
});

describe('the input rules every route shares', () => {
  it('refuses NUL in any string or key, naming the field', () => {
    const schema = z.object({ title: z.string(), values: z.record(z.unknown()), list: z.array(z.string()) }).partial();
    expect(() => parseInput(schema, { title: 'a\u0000b' })).toThrow(/field "title": must not contain the NUL character/);
    expect(() => parseInput(schema, { list: ['ok', '\u0000'] })).toThrow(/field "list.1"/);
    expect(() => parseInput(schema, { values: { 'a\u0000': 1 } })).toThrow(/field "values.a\\u0000"/);
    expect(() => parseInput(schema, { values: { deep: [{ x: '\u0000' }] } })).toThrow(/field "values.deep.0.x"/);
    expect(() => parseInput(schema, { title: 'x' }, 'query')).not.toThrow();
    let deep: unknown = '\u0000';
    for (let i = 0; i < 20000; i++) deep = [deep];
    expect(() => parseInput(schema, { values: { deep } })).toThrow(/must not contain the NUL character/);
  });

  it('counts lengths in code points, as JSON Schema does', () => {
    expect(codePointLength('🎉')).toBe(1);
    expect(codePointLength('a👩‍💻')).toBe(4); // a, woman, ZWJ, laptop
    expect(codePointLength('\ud800')).toBe(1); // a lone surrogate is one unit
    const title = z.object({ title: text({ min: 2, max: 50 }) });
    expect(() => parseInput(title, { title: '🎉' })).toThrow(/must be at least 2 characters/);
    expect(parseInput(title, { title: '🎉'.repeat(50) })).toEqual({ title: '🎉'.repeat(50) });
    expect(() => parseInput(title, { title: '🎉'.repeat(51) })).toThrow(/must be at most 50 characters/);
  });

  it('takes ids of letters, digits, - and _ only', () => {
    expect(resourceId.safeParse('AbC09_-x').success).toBe(true);
    for (const bad of ['', 'a b', 'a/b', '..', 'é', 'x'.repeat(129)]) expect(resourceId.safeParse(bad).success).toBe(false);
  });
});
