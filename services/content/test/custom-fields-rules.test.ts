import { isEmptyValue, valueSchemaFor } from '../src/modules/custom-fields/domain/custom-fields-rules';
import { createCustomFieldBody, updateCustomFieldBody, updateSpaceCustomFieldsBody } from '../src/modules/custom-fields/http/custom-fields.schema';

// Which values fit which field, and the request bodies' own rules; no database needed.

const fits = (field: { type: string; options?: string[] }, value: unknown) =>
  valueSchemaFor({ type: field.type, options: field.options ?? null }).safeParse(value).success;

describe('custom field values', () => {
  it.each([
    ['text', 'hello', true],
    ['text', 'x'.repeat(256), true],
    ['text', 'x'.repeat(257), false],
    ['text', 3, false],
    ['number', 3.5, true],
    ['number', -0, true],
    ['number', Infinity, false],
    ['number', '3', false],
    ['boolean', false, true],
    ['boolean', 'true', false],
    ['tags', ['a', 'b'], true],
    ['tags', [], true],
    ['tags', ['a', 'a'], false],
    ['tags', [''], false],
    ['tags', ['x'.repeat(257)], false],
    ['tags', Array.from({ length: 101 }, (_, i) => `t${i}`), false],
    ['tags', 'a', false],
  ])('%s accepts %j: %s', (type, value, ok) => {
    expect(fits({ type }, value)).toBe(ok);
  });

  it('checks select values against the options', () => {
    const single = { type: 'select:single', options: ['draft', 'final'] };
    const multi = { type: 'select:multi', options: ['draft', 'final'] };
    expect(fits(single, 'draft')).toBe(true);
    expect(fits(single, 'other')).toBe(false);
    expect(fits(single, ['draft'])).toBe(false);
    expect(fits(multi, ['final', 'draft'])).toBe(true);
    expect(fits(multi, ['final', 'other'])).toBe(false);
    expect(fits(multi, ['final', 'final'])).toBe(false);
    expect(fits(multi, 'final')).toBe(false);
  });

  it('accepts null for every type, and treats null, "" and [] as "not set"', () => {
    for (const type of ['text', 'number', 'boolean', 'tags', 'select:single', 'select:multi']) expect(fits({ type, options: ['a'] }, null)).toBe(true);
    expect([null, '', []].map(isEmptyValue)).toEqual([true, true, true]);
    expect([0, false, 'a', ['a']].map(isEmptyValue)).toEqual([false, false, false, false]);
  });
});

describe('custom field request bodies', () => {
  const create = (body: unknown) => createCustomFieldBody.safeParse(body);
  const firstPath = (r: { success: boolean; error?: { issues: { path: (string | number)[] }[] } }) => r.error?.issues[0]?.path.join('.');

  it('requires options for select types and refuses them for the others', () => {
    expect(create({ name: 'status', type: 'select:single', options: ['a'] }).success).toBe(true);
    expect(firstPath(create({ name: 'status', type: 'select:single' }))).toBe('options');
    expect(firstPath(create({ name: 'notes', type: 'text', options: ['a'] }))).toBe('options');
  });

  it.each([
    [{ name: '', type: 'text' }, 'name'],
    [{ name: 'x'.repeat(51), type: 'text' }, 'name'],
    [{ name: 'Upper', type: 'text' }, 'name'],
    [{ name: 'a b', type: 'text' }, 'name'],
    [{ name: 'ok', type: 'date' }, 'type'],
    [{ name: 'ok', type: 'text', title: 'x'.repeat(101) }, 'title'],
    [{ name: 'ok', type: 'text', description: 'x'.repeat(201) }, 'description'],
    [{ name: 'ok', type: 'text', placeholder: 'x'.repeat(101) }, 'placeholder'],
    [{ name: 'ok', type: 'select:multi', options: [] }, 'options'],
    [{ name: 'ok', type: 'select:multi', options: Array.from({ length: 51 }, (_, i) => `o${i}`) }, 'options'],
    [{ name: 'ok', type: 'select:multi', options: ['a', 'a'] }, 'options'],
    [{ name: 'ok', type: 'select:multi', options: ['x'.repeat(41)] }, 'options.0'],
    [{ name: 'ok', type: 'select:multi', options: [''] }, 'options.0'],
    [{ name: 'ok', type: 'text', extra: 1 }, ''],
  ])('refuses %j naming "%s"', (body, path) => {
    const result = create(body);
    expect(result.success).toBe(false);
    expect(firstPath(result)).toBe(path);
  });

  it('accepts the longest names and texts', () => {
    expect(create({ name: 'a-b_0'.repeat(10), type: 'text', title: 'x'.repeat(100), description: 'x'.repeat(200), placeholder: 'x'.repeat(100) }).success).toBe(
      true,
    );
  });

  it('does not let a PATCH change the name or the type', () => {
    expect(updateCustomFieldBody.safeParse({ type: 'number' }).success).toBe(false);
    expect(updateCustomFieldBody.safeParse({ name: 'other' }).success).toBe(false);
    expect(updateCustomFieldBody.safeParse({}).success).toBe(true);
  });

  it('takes at most 100 values per space PATCH', () => {
    const values = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { value: 'x' }]));
    expect(updateSpaceCustomFieldsBody.safeParse({ values: values(100) }).success).toBe(true);
    expect(updateSpaceCustomFieldsBody.safeParse({ values: values(101) }).success).toBe(false);
    expect(updateSpaceCustomFieldsBody.safeParse({}).success).toBe(false);
  });
});
