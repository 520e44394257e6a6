import type { specs } from '@quire/proto';

// API reference blocks of a page's markdown as text: content stores them as GitBook's bare tags
// (`{% openapi-operation spec="…" path="…" method="…" %}`), which tell a reader (or a model) nothing.
// The machine forms (`.md`, `llms-full.txt`, MCP getPage) show instead what the HTML page shows,
// from the same specs answer (GetPublishedOperations): method and path, summary, parameters, request
// body and responses with their schemas' properties. Pure; a block specs did not answer keeps its tag.

/** What one tag names, in the shapes of specs' GetPublishedOperations request. */
export type OpenApiTag =
  | { kind: 'operation'; ref: specs.SpecOperationRef }
  | { kind: 'webhook'; ref: specs.SpecWebhookRef }
  | { kind: 'swagger'; ref: specs.SwaggerOperationRef }
  | { kind: 'schemas'; spec: string; names: string[] };

/** Schema properties listed at most per schema (nested ones count), and how deep nesting is followed. */
const MAX_PROPERTIES = 100;
const MAX_NESTING = 3;

const OPEN_TAG = /^(\s*)\{%\s*(openapi-operation|openapi-webhook|openapi-schemas|swagger)\s+((?:[a-z]+="[^"\n]*"\s*)+)%\}\s*$/;

function attrsOf(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(/([a-z]+)="([^"\n]*)"/g)) attrs[name as string] = value as string;
  return attrs;
}

function tagOf(name: string, a: Record<string, string>): OpenApiTag | undefined {
  if (name === 'openapi-operation' && a.spec && a.path && a.method) return { kind: 'operation', ref: { spec: a.spec, path: a.path, method: a.method } };
  if (name === 'openapi-webhook' && a.spec && a.name && a.method) return { kind: 'webhook', ref: { spec: a.spec, name: a.name, method: a.method } };
  if (name === 'swagger' && a.src && a.path && a.method) return { kind: 'swagger', ref: { url: a.src, path: a.path, method: a.method } };
  const names = [...new Set((a.schemas ?? '').split(',').filter(Boolean))];
  if (name === 'openapi-schemas' && a.spec && names.length) return { kind: 'schemas', spec: a.spec, names };
  return undefined;
}

/**
 * The markdown with each API reference tag (outside fenced code) replaced by `render(tag)`, indented
 * as the tag was; its closing tag on the next line goes with it. `render` answering undefined keeps the tag.
 */
export function replaceOpenApiTags(markdown: string, render: (tag: OpenApiTag) => string | undefined): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fenced = false;
  for (let at = 0; at < lines.length; at += 1) {
    const line = lines[at] as string;
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : OPEN_TAG.exec(line);
    const tag = match && tagOf(match[2] as string, attrsOf(match[3] as string));
    const text = tag ? render(tag) : undefined;
    if (!match || text === undefined) {
      out.push(line);
      continue;
    }
    const indent = match[1] as string;
    out.push(...text.split('\n').map((l) => (l ? `${indent}${l}` : l)));
    if (new RegExp(`^\\s*\\{%\\s*end${match[2]}\\s*%\\}\\s*$`).test(lines[at + 1] ?? '')) at += 1;
  }
  return out.join('\n');
}

/** Every tag of the markdown, in order (duplicates kept). */
export function openApiTagsOf(markdown: string): OpenApiTag[] {
  const tags: OpenApiTag[] = [];
  replaceOpenApiTags(markdown, (tag) => {
    tags.push(tag);
    return undefined;
  });
  return tags;
}

/** A table cell or one-line text: newlines flattened, pipes escaped. */
const cell = (text: string): string =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

/** An operation (or webhook) as markdown. */
export function operationText(op: specs.OpenApiOperation): string {
  const target = op.path || op.name;
  const lines = [`**\`${op.method.toUpperCase()} ${target}\`**${op.summary ? `: ${cell(op.summary)}` : ''}${op.deprecated ? ' (deprecated)' : ''}`, ''];
  if (op.description.trim()) lines.push(op.description.trim(), '');
  if (op.parameters.length) {
    lines.push('Parameters:', '', '| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const p of op.parameters)
      lines.push(`| \`${cell(p.name)}\` | ${p.in} | ${cell(p.type) || '—'} | ${p.required ? 'yes' : 'no'} | ${cell(p.description)} |`);
    lines.push('');
  }
  const body = op.requestBody;
  if (body) {
    const about = [body.contentType && `\`${body.contentType}\``, body.required ? 'required' : 'optional', cell(body.description)].filter(Boolean).join(', ');
    lines.push(`Request body (${about}):`, '', ...schemaLines(body.schema));
  }
  if (op.responses.length) {
    lines.push('Responses:', '');
    for (const r of op.responses) {
      const about = [cell(r.description), r.contentType && `\`${r.contentType}\``].filter(Boolean).join(', ');
      lines.push(`- \`${r.status}\`${about ? `: ${about}` : ''}`);
      const schema = schemaLines(r.schema);
      if (schema.length) lines.push('', ...schema.map((l) => (l ? `  ${l}` : l)));
    }
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

/** A named component schema as markdown. */
export function schemaText(schema: specs.OpenApiSchema): string {
  const head = `**${cell(schema.name)}**${schema.type ? ` (${cell(schema.type)})` : ''}${schema.description ? `: ${cell(schema.description)}` : ''}`;
  return [head, '', ...schemaLines(schema.schema)].join('\n').trimEnd();
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema (specs' pretty JSON) as a table of its properties; one that is no object (or was cut) as its JSON. */
function schemaLines(json: string): string[] {
  if (!json.trim()) return [];
  let schema: unknown;
  try {
    schema = JSON.parse(json);
  } catch {
    return ['```json', json, '```', ''];
  }
  const rows: string[] = [];
  propertyRows(schema, '', 0, rows);
  if (rows.length === 0) return [`Type: ${typeOf(schema)}`, ''];
  return ['| Property | Type | Required | Description |', '| --- | --- | --- | --- |', ...rows, ''];
}

function propertyRows(schema: unknown, prefix: string, depth: number, rows: string[]): void {
  if (!isObj(schema) || depth >= MAX_NESTING) return;
  if (schema.type === 'array' && isObj(schema.items)) return propertyRows(schema.items, prefix ? `${prefix}[]` : '', depth, rows);
  if (!isObj(schema.properties)) return;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, property] of Object.entries(schema.properties)) {
    if (rows.length >= MAX_PROPERTIES) return;
    const full = prefix ? `${prefix}.${name}` : name;
    const description = isObj(property) && typeof property.description === 'string' ? property.description : '';
    rows.push(`| \`${cell(full)}\` | ${cell(typeOf(property))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(description)} |`);
    propertyRows(property, full, depth + 1, rows);
  }
}

/** A short type: `string`, `integer (int64)`, `array of string`, `string (one of fast, steady)`. */
function typeOf(schema: unknown): string {
  if (!isObj(schema)) return 'any';
  const type = Array.isArray(schema.type)
    ? schema.type.join(' or ')
    : typeof schema.type === 'string'
      ? schema.type
      : isObj(schema.properties)
        ? 'object'
        : 'any';
  if (type === 'array') return `array of ${typeOf(schema.items)}`;
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  const values = Array.isArray(schema.enum) ? ` (one of ${schema.enum.map(String).join(', ')})` : '';
  return `${type}${format}${values}`;
}
