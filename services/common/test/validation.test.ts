import { parseInput, z } from '../src';

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
