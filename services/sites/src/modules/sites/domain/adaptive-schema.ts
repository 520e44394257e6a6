import { badRequest } from '@quire/errors';
import { z } from '@quire/input';
import type Ajv from 'ajv';
import type { Site } from '../model/site';

// Reference SiteAdaptiveJSONSchema: a draft-07 JSON Schema of an object whose properties are the
// visitor claims a site adapts to. Claims are booleans, strings (optionally an enum), numbers,
// arrays of those, or nested objects of claims; `unsigned` holds the claims the visitor sets
// without a signature.

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** What GET answers before any PUT: an object schema with no claims. */
export const DEFAULT_ADAPTIVE_SCHEMA = { type: 'object', properties: {}, additionalProperties: false } as const;

type Claim =
  | { type: 'boolean' | 'number'; description: string }
  | { type: 'string'; description: string; enum?: string[] }
  | { type: 'array'; description: string; items: Claim }
  | { type: 'object'; description: string; properties: Record<string, Claim>; additionalProperties: false };

const primitive = z.union([
  z.object({ type: z.enum(['boolean', 'number']), description: z.string() }).strict(),
  z.object({ type: z.literal('string'), enum: z.array(z.string()).optional(), description: z.string() }).strict(),
]);

const claim: z.ZodType<Claim> = z.lazy(() =>
  z.union([
    primitive,
    z.object({ type: z.literal('array'), description: z.string(), items: primitive }).strict(),
    z.object({ type: z.literal('object'), description: z.string(), properties: z.record(claim), additionalProperties: z.literal(false) }).strict(),
  ]),
);

const unsignedClaims = z
  .object({
    type: z.literal('object'),
    description: z.literal('Unsigned claims of the site visitor.'),
    properties: z.record(claim),
    additionalProperties: z.literal(false),
  })
  .strict();

const adaptiveJsonSchema = z
  .object({
    $schema: z.literal(DRAFT_07).optional(),
    type: z.literal('object'),
    properties: z.record(z.unknown()).superRefine((properties, ctx) => {
      for (const [name, value] of Object.entries(properties)) {
        const issue = (name === 'unsigned' ? unsignedClaims : claim).safeParse(value).error?.issues[0];
        if (issue) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name, ...issue.path], message: issue.message });
      }
    }),
    additionalProperties: z.literal(false),
  })
  .strict();

export type AdaptiveJsonSchema = z.infer<typeof adaptiveJsonSchema>;

/**
 * How deeply objects and arrays may nest in an adaptive schema (the `jsonSchema` object is level 1).
 * A claim nested in an object claim takes two levels (the claim and its `properties`), so this
 * leaves room for 14 levels of nested object claims; deeper input would exhaust the stack of the checks.
 */
export const MAX_ADAPTIVE_SCHEMA_DEPTH = 32;

/** True when objects and arrays in `value` nest deeper than `limit` (checked without recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > limit) return true;
    for (const inner of Object.values(next.value)) pending.push({ value: inner, depth: next.depth + 1 });
  }
  return false;
}

// Only the meta-schema check runs on caller input: compiling an untrusted schema would turn its
// patterns and references into code.
// Built on the first schema checked: ajv costs ~25 ms to load and most processes never check one.
let validator: Ajv | undefined;
function metaSchemaValidator(): Ajv {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (see above)
  return (validator ??= new (require('ajv') as { default: typeof Ajv }).default({ allErrors: false }));
}

/**
 * Checks that `jsonSchema` nests at most MAX_ADAPTIVE_SCHEMA_DEPTH levels, is a valid JSON Schema
 * (against the draft-07 meta-schema) and has the reference's shape of visitor claims; a 400 naming
 * `jsonSchema` otherwise.
 */
export function validateAdaptiveSchema(jsonSchema: unknown): AdaptiveJsonSchema {
  const invalid = (why: string) => badRequest(`Invalid body field "jsonSchema": not a valid JSON Schema${why}`);
  if (nestsDeeperThan(jsonSchema, MAX_ADAPTIVE_SCHEMA_DEPTH)) {
    throw badRequest(`Invalid body field "jsonSchema": nested more than ${MAX_ADAPTIVE_SCHEMA_DEPTH} levels deep (objects and arrays)`);
  }
  let valid: boolean;
  try {
    valid = metaSchemaValidator().validateSchema(jsonSchema as object) === true;
  } catch (err) {
    // Ajv throws for a `$schema` naming a meta-schema it does not know.
    throw invalid(`: ${(err as Error).message}`);
  }
  if (!valid) {
    const error = metaSchemaValidator().errors?.[0];
    throw invalid(`${error?.instancePath ? ` at ${error.instancePath}` : ''}: ${error?.message ?? 'rejected by the meta-schema'}`);
  }
  const shaped = adaptiveJsonSchema.safeParse(jsonSchema);
  if (!shaped.success) {
    const issue = shaped.error.issues[0];
    const path = ['jsonSchema', ...(issue?.path ?? [])].join('.');
    throw badRequest(
      `Invalid body field "${path}": ${issue?.message ?? 'invalid'} (claims are booleans, strings, numbers, arrays or objects of them, each with a description)`,
    );
  }
  return shaped.data;
}

/** The stored adaptive schema of a site, or the default (dated at the site's creation) before any PUT. */
export function adaptiveSchemaOf(site: Pick<Site, 'adaptiveSchema' | 'adaptiveSchemaUpdatedAt' | 'createdAt'>): {
  jsonSchema: unknown;
  updatedAt: Date;
} {
  if (site.adaptiveSchema === null || site.adaptiveSchema === undefined) return { jsonSchema: DEFAULT_ADAPTIVE_SCHEMA, updatedAt: site.createdAt };
  return { jsonSchema: site.adaptiveSchema, updatedAt: site.adaptiveSchemaUpdatedAt ?? site.createdAt };
}
