import type { ElementContent } from 'hast';
import type { DocumentBlock } from '@quire/formats';
import type { OpenApiBlock, OpenApiPayload, OpenApiView } from './page-context';
import { imageUrl } from '../safety/urls';
import { dataOf, refOf, str } from './document-shape';
import { el, text } from './hast';
import { linked } from './inlines';
import { exampleBlock, markdown, parsedSchema, requestSamples, schemaTable } from './openapi-schema';
import type { RenderState } from './render-state';
import type { CellBlocks } from './tables';

// OpenAPI blocks (`openapi-operation`, `openapi-webhook`, `openapi-schemas`, `swagger`): what the specs
// service's stored version says, handed over by the caller as data (never as HTML), rendered escaped;
// without it, the block's method and path (schema names, webhook name) as text, and a swagger block's
// spec address as a link (http(s) only; nothing is fetched). Schemas are property tables with an
// example, operations have request samples (openapi-schema.ts).

const METHOD = /^[a-z]{1,10}$/i;

/** Parameters and responses shown per block at most, and the longest schema text (the caller bounds them too). */
const MAX_ROWS = 50;
const MAX_SCHEMA = 20_000;
/** A swagger block's spec address is shown up to this many characters. */
const MAX_ADDRESS = 2_048;

export function renderOpenApi(state: RenderState, block: DocumentBlock, renderBlocks: CellBlocks): ElementContent[] {
  const data = dataOf(block);
  const type = block.type as OpenApiBlock['type'];
  const request: OpenApiBlock = { type, data };
  const answer = state.call(() => state.context.openapi?.(request));
  const view = answer && typeof answer === 'object' ? answer : undefined;
  // A swagger block names its spec by address: unless the caller has it (one of the organization's
  // specs), it shows that address, never fetched.
  if (type === 'swagger' && (!view || view.unavailable === true || !isOperation(view))) return swaggerSource(state, data);
  const fallback = storedSummary(type, data);
  if (!view) return fallback ? [el('p', { className: ['openapi'] }, [el('code', {}, [text(fallback)])])] : [];
  if (view.unavailable === true) return [unavailable(fallback, NOT_AVAILABLE[type] ?? NOT_AVAILABLE['openapi-operation'])];
  if (type === 'openapi-schemas') return renderSchemas(state, data, view, fallback, renderBlocks);
  return [el('div', { className: ['openapi'] }, operation(state, view, type === 'openapi-webhook', renderBlocks))];
}

const NOT_AVAILABLE: Record<OpenApiBlock['type'], string> = {
  swagger: 'operation not available.',
  'openapi-operation': 'operation not available.',
  'openapi-schemas': 'schemas not available.',
  'openapi-webhook': 'webhook not available.',
};

/** `<code>GET /gone</code>: operation not available.` */
function unavailable(summary: string, note: string, className = 'openapi openapi-unavailable'): ElementContent {
  return el('p', { className: className.split(' ') }, [...(summary ? [el('code', {}, [text(summary)]), text(': ')] : []), text(note)]);
}

const isOperation = (view: OpenApiView): boolean => typeof view.method === 'string' || typeof view.path === 'string' || typeof view.title === 'string';

/** An operation or a webhook: heading, method and path (or webhook name), description, parameters, body, responses. */
function operation(state: RenderState, view: OpenApiView, webhook: boolean, renderBlocks: CellBlocks): ElementContent[] {
  const method = typeof view.method === 'string' && METHOD.test(view.method) ? view.method.toUpperCase() : undefined;
  const where = webhook ? view.webhook : view.path;
  const children: ElementContent[] = [];
  if (typeof view.title === 'string' && view.title) children.push(el('p', {}, [el('strong', {}, [text(view.title)])]));
  if (method || typeof where === 'string') {
    children.push(
      el('p', {}, [
        ...(webhook ? [el('small', { className: ['openapi-kind'] }, [text('Webhook')]), text(' ')] : []),
        ...(method ? [el('code', { className: ['openapi-method'] }, [text(method)]), text(' ')] : []),
        el('code', {}, [text(typeof where === 'string' ? where : '')]),
        ...(view.deprecated === true ? [text(' '), el('small', { className: ['openapi-deprecated'] }, [text('Deprecated')])] : []),
      ]),
    );
  }
  if (typeof view.description === 'string' && view.description) children.push(...markdown(state, view.description, renderBlocks, 0));
  const parameters = Array.isArray(view.parameters) ? view.parameters.filter((p) => p && typeof p === 'object').slice(0, MAX_ROWS) : [];
  const body = view.requestBody && typeof view.requestBody === 'object' ? view.requestBody : undefined;
  if (!webhook && method && typeof where === 'string' && where) {
    const schema = typeof body?.schema === 'string' ? parsedSchema(body.schema) : undefined;
    const sample = { method, path: where, parameters, contentType: typeof body?.contentType === 'string' ? body.contentType : undefined, body: schema };
    children.push(el('p', { className: ['openapi-section'] }, [el('strong', {}, [text('Request samples')])]), requestSamples(state, sample));
  }
  if (parameters.length) {
    const head = ['Name', 'In', 'Type', 'Required', 'Description'].map((h) => el('th', { scope: 'col' }, [text(h)]));
    const rows = parameters.map((p) =>
      el('tr', {}, [
        el('th', { scope: 'row' }, [el('code', {}, [text(String(p.name ?? ''))])]),
        el('td', {}, [text(String(p.in ?? ''))]),
        el('td', {}, [text(typeof p.type === 'string' ? p.type : '')]),
        el('td', {}, [text(p.required === true ? 'yes' : 'no')]),
        el('td', {}, typeof p.description === 'string' && p.description ? markdown(state, p.description, renderBlocks, 0) : []),
      ]),
    );
    const box = { className: ['table'], role: 'region', ariaLabel: 'Parameters', tabIndex: 0 };
    children.push(el('div', box, [el('table', {}, [el('thead', {}, [el('tr', {}, head)]), el('tbody', {}, rows)])]));
  }
  if (body) {
    children.push(
      el('p', { className: ['openapi-section'] }, [
        el('strong', {}, [text('Request body')]),
        ...(body.required === true ? [text(' (required)')] : []),
        ...contentType(body.contentType),
      ]),
      ...payload(state, body, renderBlocks, 'Example request'),
    );
  }
  const responses = Array.isArray(view.responses) ? view.responses.filter((r) => r && typeof r === 'object').slice(0, MAX_ROWS) : [];
  if (responses.length) {
    children.push(
      el('p', { className: ['openapi-section'] }, [el('strong', {}, [text('Responses')])]),
      el(
        'ul',
        { className: ['openapi-responses'] },
        responses.map((r) =>
          el('li', {}, [
            el('p', {}, [el('code', {}, [text(String(r.status ?? ''))]), ...contentType(r.contentType)]),
            ...payload(state, r, renderBlocks, 'Example response'),
          ]),
        ),
      ),
    );
  }
  if (view.url !== undefined) {
    const url = state.internal(view.url);
    if (url) children.push(el('p', { className: ['openapi-link'] }, linked(url, [text('Open the API reference')])));
  }
  return children;
}

/** An `openapi-schemas` block: each named schema (name, type, description, schema text); grouped in one box unless `grouped: false`. */
function renderSchemas(state: RenderState, data: Record<string, unknown>, view: OpenApiView, fallback: string, renderBlocks: CellBlocks): ElementContent[] {
  const schemas = Array.isArray(view.schemas) ? view.schemas.filter((s) => s && typeof s === 'object').slice(0, MAX_ROWS) : [];
  if (schemas.length === 0) return [unavailable(fallback, NOT_AVAILABLE['openapi-schemas'])];
  const title = str(data, 'title');
  const heading: ElementContent[] = title ? [el('p', {}, [el('strong', {}, [text(title)])])] : [];
  const sections = schemas.map((s): ElementContent[] => {
    const name = typeof s.name === 'string' ? s.name : '';
    if (s.unavailable === true) return [unavailable(name, 'schema not available.', 'openapi-unavailable')];
    const type = typeof s.type === 'string' && s.type && s.type !== name ? [text(' '), el('code', {}, [text(s.type)])] : [];
    return [el('p', { className: ['openapi-section'] }, [el('strong', {}, [text(name)]), ...type]), ...payload(state, s, renderBlocks, 'Example')];
  });
  if (data.grouped === false) return sections.map((section, i) => el('div', { className: ['openapi'] }, [...(i === 0 ? heading : []), ...section]));
  return [el('div', { className: ['openapi', 'openapi-schemas'] }, [...heading, ...sections.flat()])];
}

/** A swagger block's spec address: an http(s) link (a space file: its published address), anything else text; never fetched. */
function swaggerSource(state: RenderState, data: Record<string, unknown>): ElementContent[] {
  const summary = storedSummary('swagger', data);
  const ref = refOf(data.ref);
  let source: ElementContent[] = [];
  if (ref?.kind === 'url') {
    const url = imageUrl(ref.url);
    const shown = ref.url.length > MAX_ADDRESS ? `${ref.url.slice(0, MAX_ADDRESS)}…` : ref.url;
    source = url?.external ? linked(url, [text(url.href.length > MAX_ADDRESS ? shown : url.href)]) : shown ? [text(shown)] : [];
  } else if (ref?.kind === 'file') {
    const url = state.internal(state.call(() => state.context.fileUrl(ref.file)));
    const name = state.call(() => state.context.fileName?.(ref.file));
    source = linked(url, [text(typeof name === 'string' && name ? name : 'the spec file')]);
  }
  if (!summary && source.length === 0) return [];
  return [
    el('p', { className: ['openapi', 'openapi-source'] }, [
      ...(summary ? [el('code', {}, [text(summary)])] : []),
      ...(summary && source.length ? [text(' in ')] : []),
      ...source,
    ]),
  ];
}

function contentType(value: unknown): ElementContent[] {
  return typeof value === 'string' && value ? [text(' '), el('code', {}, [text(value)])] : [];
}

/**
 * A body's, response's or schema's description, then its schema: a property table and an example
 * when it parses as an object schema, else its text (pretty JSON from specs) as a code block.
 */
function payload(state: RenderState, p: OpenApiPayload, renderBlocks: CellBlocks, exampleTitle: string): ElementContent[] {
  const out: ElementContent[] = [];
  if (typeof p.description === 'string' && p.description) out.push(...markdown(state, p.description, renderBlocks, 0));
  if (typeof p.schema !== 'string' || !p.schema) return out;
  const schema = parsedSchema(p.schema);
  const table = schema && schemaTable(state, schema, renderBlocks);
  if (schema && table) return [...out, table, exampleBlock(state, schema, exampleTitle)];
  const shown = p.schema.length > MAX_SCHEMA ? `${p.schema.slice(0, MAX_SCHEMA)}\n…` : p.schema;
  out.push(el('pre', { className: ['openapi-schema'], tabIndex: 0 }, [el('code', {}, [text(shown)])]));
  return out;
}

/** What the stored block itself says: `GET /pets`, the schema names, or the webhook's name. */
function storedSummary(type: string, data: Record<string, unknown>): string {
  const method = str(data, 'method');
  const upper = method && METHOD.test(method) ? `${method.toUpperCase()} ` : '';
  if (type === 'openapi-schemas') return Array.isArray(data.schemas) ? data.schemas.filter((s) => typeof s === 'string').join(', ') : '';
  if (type === 'openapi-webhook') return `${upper}${str(data, 'name') ?? ''}`.trim();
  return `${upper}${str(data, 'path') ?? ''}`.trim();
}
