import { ApiError } from '@quire/errors';
import { DEFAULT_ADAPTIVE_SCHEMA, MAX_ADAPTIVE_SCHEMA_DEPTH, nestsDeeperThan, validateAdaptiveSchema } from '../src/modules/sites/domain/adaptive-schema';

const claims = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: false });

function rejection(value: unknown): string {
  try {
    validateAdaptiveSchema(value);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(400);
    return (err as ApiError).message;
  }
  throw new Error('accepted');
}

describe('adaptive schema validation', () => {
  it('accepts the default and every kind of claim', () => {
    expect(validateAdaptiveSchema(DEFAULT_ADAPTIVE_SCHEMA)).toEqual(DEFAULT_ADAPTIVE_SCHEMA);
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...claims({
        beta: { type: 'boolean', description: 'b' },
        plan: { type: 'string', enum: ['free', 'pro'], description: 'p' },
        name: { type: 'string', description: 'n' },
        seats: { type: 'number', description: 's' },
        tags: { type: 'array', description: 't', items: { type: 'string', description: 'tag' } },
        account: { type: 'object', description: 'a', properties: { region: { type: 'string', description: 'r' } }, additionalProperties: false },
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          properties: { x: { type: 'number', description: 'x' } },
          additionalProperties: false,
        },
      }),
    };
    expect(validateAdaptiveSchema(schema)).toEqual(schema);
  });

  it('rejects what the JSON Schema meta-schema rejects, naming jsonSchema', () => {
    expect(rejection(claims({ a: { type: 'text', description: 'x' } }))).toMatch(/"jsonSchema".*not a valid JSON Schema/);
    expect(rejection({ ...claims({}), required: 'a' })).toMatch(/"jsonSchema".*not a valid JSON Schema.*\/required/);
    expect(rejection({ ...claims({}), $schema: 'https://example.com/meta' })).toMatch(/"jsonSchema".*not a valid JSON Schema/);
    expect(rejection({ ...claims({}), minProperties: -1 })).toMatch(/"jsonSchema".*not a valid JSON Schema/);
  });

  it('rejects valid JSON Schemas that are not of visitor claims, naming the place', () => {
    expect(rejection({ ...claims({}), type: 'array' })).toMatch(/"jsonSchema\.type"/);
    expect(rejection({ ...claims({}), additionalProperties: true })).toMatch(/"jsonSchema\.additionalProperties"/);
    expect(rejection({ type: 'object', additionalProperties: false })).toMatch(/"jsonSchema\.properties"/);
    expect(rejection(claims({ a: { type: 'integer', description: 'x' } }))).toMatch(/"jsonSchema\.properties\.a"/);
    expect(rejection(claims({ a: { type: 'boolean' } }))).toMatch(/"jsonSchema\.properties\.a"/);
    expect(rejection(claims({ a: { type: 'boolean', description: 'x', default: true } }))).toMatch(/"jsonSchema\.properties\.a"/);
    expect(
      rejection(claims({ a: { type: 'array', description: 'x', items: { type: 'array', description: 'y', items: { type: 'number', description: 'z' } } } })),
    ).toMatch(/"jsonSchema\.properties\.a/);
    expect(rejection(claims({ unsigned: { type: 'object', description: 'Mine', properties: {}, additionalProperties: false } }))).toMatch(
      /"jsonSchema\.properties\.unsigned\.description"/,
    );
    expect(rejection({ ...claims({}), title: 'extra' })).toMatch(/"jsonSchema"/);
  });

  it('refuses schemas nested deeper than the limit with a clear message, before any recursive check', () => {
    /** Object claims nested `levels` deep: each takes two levels of JSON (the claim and its properties). */
    const nested = (levels: number): Record<string, unknown> => {
      let claim: Record<string, unknown> = { type: 'boolean', description: 'leaf' };
      for (let i = 0; i < levels; i++) claim = { type: 'object', description: `level ${i}`, properties: { inner: claim }, additionalProperties: false };
      return claims({ top: claim });
    };
    expect(validateAdaptiveSchema(nested(14))).toEqual(nested(14));
    expect(rejection(nested(16))).toMatch(new RegExp(`"jsonSchema": nested more than ${MAX_ADAPTIVE_SCHEMA_DEPTH} levels deep`));
    // Deep enough to exhaust the stack of a recursive walk.
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(rejection(deep)).toMatch(/nested more than 32 levels/);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });
});
