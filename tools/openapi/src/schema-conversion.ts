import type { ZodTypeAny } from 'zod';
import * as zodToJson from 'zod-to-json-schema';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON Schema objects are untyped JSON here */
type Json = any;

/**
 * The JSON Schema (2020-12, as OpenAPI 3.1 uses it) of what a zod schema accepts: the input side
 * of transforms and defaults, every schema inline (no `$ref`s into a definitions section).
 */
export function inputSchemaOf(schema: ZodTypeAny): Json {
  // Called through a plain signature: its generic options type is too deep for tsc on our schemas.
  const toJson = (zodToJson as unknown as { zodToJsonSchema: (schema: unknown, options: object) => Json }).zodToJsonSchema;
  // A recursive schema (a JSON value: visitor claims, adaptive schemas) becomes `{}`, any value,
  // which is what the document should say; the library warns on the console each time it does.
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    const json = toJson(schema, { target: 'jsonSchema2019-09', $refStrategy: 'none', effectStrategy: 'input', pipeStrategy: 'input' });
    delete json.$schema;
    return json;
  } finally {
    console.warn = warn;
  }
}

/**
 * An OpenAPI 3.0 schema (the reference's dialect) as OpenAPI 3.1 / JSON Schema 2020-12:
 * `nullable: true` becomes a `null` type (or `anyOf` with null beside a `$ref`), and `$ref`s are
 * renamed by `renameRef` (components copied under other names). Everything else is kept.
 */
export function fromOpenApi30(schema: Json, renameRef: (ref: string) => string): Json {
  if (Array.isArray(schema)) return schema.map((s) => fromOpenApi30(s, renameRef));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries<Json>(schema)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = renameRef(value);
    else if (key === 'nullable') continue;
    else if (key === 'example') out.examples = [value];
    else out[key] = fromOpenApi30(value, renameRef);
  }
  if (schema.nullable !== true) return out;
  if (out.$ref || out.allOf || out.oneOf || out.anyOf) return { anyOf: [out, { type: 'null' }] };
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}
