import type { Element, ElementContent } from 'hast';
import { markdownToDocument } from '@quire/formats';
import { childrenOf } from './document-shape';
import { codeBlock } from './code';
import { el, text } from './hast';
import type { OpenApiParameter } from './page-context';
import type { RenderState } from './render-state';
import type { CellBlocks } from './tables';

// An OpenAPI block's schemas as GitBook shows them: nested property tables (name, type, required,
// enum, description as markdown), an example built from the schema, and request samples (curl,
// JavaScript, Python) built from the operation. The schema is the JSON text specs gives (its
// local `$ref`s inlined, bounded); one that does not parse is shown as that text.

/** Nesting shown as tables; deeper properties are named with their type only. */
const MAX_NESTING = 4;
/** Properties per table and characters of a description read as markdown. */
const MAX_PROPERTIES = 100;
const MAX_DESCRIPTION = 2_000;

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema text parsed, or undefined when it is not a JSON object (cut by specs' bound, say). */
export function parsedSchema(textOf: string): Schema | undefined {
  try {
    const value: unknown = JSON.parse(textOf);
    return isSchema(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** `string`, `array of Pet`, `integer (int64)`, `string | null`. */
export function typeOf(schema: Schema): string {
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => typeof t === 'string') : typeof schema.type === 'string' ? [schema.type] : [];
  const base = types.length
    ? types.join(' | ')
    : isSchema(schema.properties)
      ? 'object'
      : Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)
        ? 'one of'
        : 'any';
  if (base === 'array' && isSchema(schema.items)) return `array of ${typeOf(schema.items)}`;
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return `${typeof schema.title === 'string' && base === 'object' ? schema.title : base}${format}`;
}

/** Where an object's properties are: itself, its array's items, or the first object of its `allOf`. */
function objectOf(schema: Schema): Schema | undefined {
  if (isSchema(schema.properties)) return schema;
  if (isSchema(schema.items)) return objectOf(schema.items);
  const parts = Array.isArray(schema.allOf) ? schema.allOf.filter(isSchema) : [];
  if (parts.length) {
    const merged: Schema = { properties: {}, required: [] };
    for (const part of parts) {
      const object = objectOf(part);
      if (!object) continue;
      Object.assign(merged.properties as Schema, object.properties);
      (merged.required as unknown[]).push(...(Array.isArray(object.required) ? object.required : []));
    }
    return Object.keys(merged.properties as Schema).length ? merged : undefined;
  }
  return undefined;
}

/** A schema's properties as a table; a property that is an object nests its own table under its description. */
export function schemaTable(state: RenderState, schema: Schema, renderBlocks: CellBlocks, depth = 0): Element | undefined {
  const object = objectOf(schema);
  if (!object || depth >= MAX_NESTING) return undefined;
  const required = new Set(Array.isArray(object.required) ? object.required.filter((r) => typeof r === 'string') : []);
  const rows = Object.entries(object.properties as Schema)
    .slice(0, MAX_PROPERTIES)
    .filter((entry): entry is [string, Schema] => isSchema(entry[1]))
    .map(([name, property]) =>
      el('tr', {}, [
        el('th', { scope: 'row' }, [el('code', {}, [text(name)])]),
        el('td', {}, [text(typeOf(property))]),
        el('td', {}, [text(required.has(name) ? 'yes' : 'no')]),
        el('td', {}, describe(state, property, renderBlocks, depth)),
      ]),
    );
  if (rows.length === 0) return undefined;
  const head = ['Name', 'Type', 'Required', 'Description'].map((h) => el('th', { scope: 'col' }, [text(h)]));
  return el('div', { className: ['table', 'openapi-properties'], role: 'region', ariaLabel: 'Properties', tabIndex: 0 }, [
    el('table', {}, [el('thead', {}, [el('tr', {}, head)]), el('tbody', {}, rows)]),
  ]);
}

/** A property's description (markdown), its allowed values, default and nested properties. */
function describe(state: RenderState, property: Schema, renderBlocks: CellBlocks, depth: number): ElementContent[] {
  const out: ElementContent[] = [];
  if (typeof property.description === 'string' && property.description.trim()) out.push(...markdown(state, property.description, renderBlocks, depth));
  if (Array.isArray(property.enum) && property.enum.length) {
    const values = property.enum.slice(0, 50).flatMap((v, i) => [...(i ? [text(', ')] : []), el('code', {}, [text(JSON.stringify(v) ?? '')])]);
    out.push(el('p', {}, [text('One of: '), ...values]));
  }
  if (property.default !== undefined) out.push(el('p', {}, [text('Default: '), el('code', {}, [text(JSON.stringify(property.default) ?? '')])]));
  const nested = schemaTable(state, property, renderBlocks, depth + 1);
  if (nested) out.push(nested);
  return out;
}

/** A description from the spec, read as markdown and rendered like the page (escaped, sanitised with it). */
export function markdown(state: RenderState, source: string, renderBlocks: CellBlocks, depth: number): ElementContent[] {
  const document = markdownToDocument(source.slice(0, MAX_DESCRIPTION));
  return renderBlocks(state, childrenOf(document), depth + 1);
}

/** A value of the schema's shape: its `example` or `default` when given, else one built from its types. */
export function exampleOf(schema: Schema, depth = 0): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (depth > 6) return null;
  const object = objectOf(schema);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'array') return isSchema(schema.items) ? [exampleOf(schema.items, depth + 1)] : [];
  if (object && type !== 'array') {
    const entries = Object.entries(object.properties as Schema).slice(0, MAX_PROPERTIES);
    return Object.fromEntries(entries.filter((e): e is [string, Schema] => isSchema(e[1])).map(([name, p]) => [name, exampleOf(p, depth + 1)]));
  }
  const variants = [schema.oneOf, schema.anyOf].find(Array.isArray)?.filter(isSchema);
  if (variants?.length) return exampleOf(variants[0]!, depth + 1);
  return EXAMPLES[typeof type === 'string' ? type : ''] ?? (typeof schema.format === 'string' ? schema.format : null);
}

const EXAMPLES: Record<string, unknown> = { string: 'string', integer: 0, number: 0, boolean: true, object: {}, null: null };

/** A JSON example as a code block (its copy button from the reader's script). */
export function exampleBlock(state: RenderState, schema: Schema, title: string): Element {
  return codeBlock(state, 'json', JSON.stringify(exampleOf(schema), null, 2).slice(0, 20_000), title);
}

/** A sample request in curl, JavaScript and Python: tabs (switching with the reader's script), each a code block. */
export function requestSamples(
  state: RenderState,
  request: { method: string; path: string; parameters: OpenApiParameter[]; contentType?: string; body?: Schema },
): Element {
  const query = request.parameters.filter((p) => p.in === 'query' && p.required === true).map((p) => `${encodeURIComponent(p.name)}=${p.type ?? 'value'}`);
  const url = `${request.path}${query.length ? `?${query.join('&')}` : ''}`;
  const json = request.body && /json/.test(request.contentType ?? 'application/json') ? JSON.stringify(exampleOf(request.body), null, 2) : undefined;
  const headers = request.parameters.filter((p) => p.in === 'header' && p.required === true).map((p) => [p.name, p.type ?? 'value'] as const);
  if (json) headers.push(['Content-Type', request.contentType ?? 'application/json']);
  const method = request.method.toUpperCase();
  const curl = [
    `curl -X ${method} "$BASE_URL${url}"`,
    ...headers.map(([n, v]) => `  -H "${n}: ${v}"`),
    ...(json ? [`  --data '${json.replace(/'/g, "'\\''")}'`] : []),
  ].join(' \\\n');
  const jsHeaders = headers.length ? `\n  headers: { ${headers.map(([n, v]) => `${JSON.stringify(n)}: ${JSON.stringify(v)}`).join(', ')} },` : '';
  const js = `const response = await fetch(\`\${BASE_URL}${url.replace(/`/g, '\\`')}\`, {\n  method: '${method}',${jsHeaders}${json ? `\n  body: JSON.stringify(${json.replace(/\n/g, '\n  ')}),` : ''}\n});\nconst data = await response.json();`;
  const pyHeaders = headers.length ? `, headers={${headers.map(([n, v]) => `${JSON.stringify(n)}: ${JSON.stringify(v)}`).join(', ')}}` : '';
  const py = `import requests\n\nresponse = requests.request(${JSON.stringify(method)}, BASE_URL + ${JSON.stringify(url)}${pyHeaders}${json ? `, json=${pythonLiteral(json)}` : ''})\ndata = response.json()`;
  const samples: Array<[string, string, string]> = [
    ['curl', 'bash', curl],
    ['JavaScript', 'javascript', js],
    ['Python', 'python', py],
  ];
  return el(
    'div',
    { className: ['tabs', 'openapi-samples'] },
    samples.map(([title, language, source]) => {
      const id = state.anchor(undefined, `sample-${title}`, 'sample');
      return el('section', { className: ['tab'], ariaLabelledBy: [id] }, [
        el('p', { id, className: ['tab-title'] }, [el('strong', {}, [text(title)])]),
        codeBlock(state, language, source),
      ]);
    }),
  );
}

/** JSON as a Python literal: `true`/`false`/`null` outside strings become `True`/`False`/`None`. */
function pythonLiteral(json: string): string {
  return json.replace(/"(?:[^"\\]|\\.)*"|\b(true|false|null)\b/g, (match, word?: string) =>
    word ? { true: 'True', false: 'False', null: 'None' }[word]! : match,
  );
}
