import type { specs } from '@quire/proto';

// Schema walking shared by everything the reader shows of a stored OpenAPI (3.x) or Swagger (2.0)
// document: local `$ref`s resolved and inlined, bounded — whatever the document holds,
// the answer stays small (a huge spec must not make a huge page). Operations and webhooks
// (spec-operation.ts) and named component schemas (`openapi-schemas` blocks, below) use it.

/** Text and schema lengths (characters), schema depth and nodes walked, at most. */
export const SCHEMA_LIMITS = { text: 2_000, schemaChars: 6_000, schemaDepth: 6, schemaNodes: 2_000 } as const;

export type Json = Record<string, unknown>;
export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
/** A text cut to `max` characters (an ellipsis says it was). */
export const cut = (v: unknown, max: number = SCHEMA_LIMITS.text): string => {
  const s = str(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
};
const own = (holder: Json, key: string): boolean => Object.prototype.hasOwnProperty.call(holder, key);

/** The component schema `name` (OpenAPI 3 `components.schemas`, Swagger 2 `definitions`) of a parsed document, or undefined. */
/** A named component schema as the reader's `openapi-schemas` block shows it (the message the reader gets). */
export function componentSchemaOf(document: unknown, name: string): specs.OpenApiSchema | undefined {
  if (!isObj(document) || !name) return undefined;
  const holder = isObj(document.components) && isObj(document.components.schemas) ? document.components.schemas : document.definitions;
  if (!isObj(holder) || !own(holder, name)) return undefined;
  const refs = new RefResolver(document);
  const stored = holder[name];
  const schema = refs.deref(stored);
  if (!isObj(schema) && typeof schema !== 'boolean') return undefined;
  const described = isObj(schema) ? schema : {};
  return {
    name: cut(name, 200),
    description: cut(described.description ?? described.title),
    // An alias (`{$ref: Pet}`) is typed by the name it points at.
    type: isObj(stored) ? refs.typeOf(stored) : '',
    schema: refs.pretty(holder[name]),
  };
}

/** Local `$ref`s (`#/components/schemas/Pet`) of one document, followed a bounded number of times. */
export class RefResolver {
  constructor(private readonly document: Json) {}

  /** The value a `$ref` points at (up to 10 hops), or the value itself. */
  deref(value: unknown): unknown {
    let current = value;
    for (let hops = 0; hops < 10 && isObj(current) && typeof current.$ref === 'string'; hops++) {
      const target = this.pointer(current.$ref);
      if (target === undefined) return current;
      current = target;
    }
    return current;
  }

  /** A short type: `string`, `integer (int64)`, `array of string`, or the referenced schema's name. */
  typeOf(schema: Json, depth = 0): string {
    const ref = str(schema.$ref);
    if (ref) return cut(ref.split('/').pop(), 100);
    const resolved = this.deref(schema);
    if (!isObj(resolved)) return '';
    const type = Array.isArray(resolved.type) ? resolved.type.map(str).filter(Boolean).join(' | ') : str(resolved.type);
    if (type === 'array' && isObj(resolved.items) && depth < 5) return `array of ${this.typeOf(resolved.items, depth + 1)}`;
    const format = str(resolved.format);
    return cut(format ? `${type} (${format})` : type, 100);
  }

  /** A schema as pretty JSON: refs inlined to a depth, cycles and deeper refs kept as `{"$ref"}`, the text capped. */
  pretty(schema: unknown): string {
    if (schema === undefined || schema === null) return '';
    let budget = SCHEMA_LIMITS.schemaNodes;
    // `names`: the object maps names to schemas (`properties`), where `example` is a property like any other.
    const expand = (value: unknown, depth: number, seen: ReadonlySet<string>, names = false): unknown => {
      if (--budget < 0) return '…';
      if (Array.isArray(value)) return value.slice(0, 50).map((v) => expand(v, depth + 1, seen));
      if (!isObj(value)) return value;
      const ref = typeof value.$ref === 'string' ? value.$ref : undefined;
      if (ref) {
        const target = this.pointer(ref);
        if (target === undefined || seen.has(ref) || depth >= SCHEMA_LIMITS.schemaDepth) return { $ref: ref };
        return expand(target, depth + 1, new Set([...seen, ref]));
      }
      const out: Json = {};
      for (const [key, v] of Object.entries(value).slice(0, 100)) {
        // Examples and vendor extensions are not part of the shape shown.
        if (!names && (key === 'example' || key === 'examples' || key.startsWith('x-'))) continue;
        out[key] = expand(v, depth + 1, seen, !names && (key === 'properties' || key === 'patternProperties'));
      }
      return out;
    };
    const text = JSON.stringify(expand(schema, 0, new Set()), null, 2) ?? '';
    return text.length > SCHEMA_LIMITS.schemaChars ? `${text.slice(0, SCHEMA_LIMITS.schemaChars)}\n…` : text;
  }

  private pointer(ref: string): unknown {
    if (!ref.startsWith('#/')) return undefined;
    let at: unknown = this.document;
    for (const raw of ref.slice(2).split('/')) {
      const key = safeDecode(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObj(at) && !Array.isArray(at)) return undefined;
      if (!Object.prototype.hasOwnProperty.call(at, key)) return undefined;
      at = (at as Json)[key];
    }
    return at;
  }
}

/** A pointer segment percent-decoded; a malformed escape (`%E0`) is kept as written rather than thrown on. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
