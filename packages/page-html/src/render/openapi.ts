import type { ElementContent } from 'hast';
import type { DocumentBlock } from '@quire/formats';
import type { OpenApiBlock, OpenApiPayload } from './page-context';
import { dataOf, str } from './document-shape';
import { el, text } from './hast';
import { linked } from './inlines';
import type { RenderState } from './render-state';

// OpenAPI blocks: what the specs service's stored version says, handed over by the caller as data
// (never as HTML), rendered escaped; without it, the block's method and path as text.

const METHOD = /^[a-z]{1,10}$/i;

/** Parameters and responses shown per block at most, and the longest schema text (the caller bounds them too). */
const MAX_ROWS = 50;
const MAX_SCHEMA = 20_000;

export function renderOpenApi(state: RenderState, block: DocumentBlock): ElementContent[] {
  const data = dataOf(block);
  const request: OpenApiBlock = { type: block.type as OpenApiBlock['type'], data };
  const view = state.call(() => state.context.openapi?.(request));
  const fallback = storedSummary(block.type, data);
  if (!view || typeof view !== 'object') {
    return fallback ? [el('p', { className: ['openapi'] }, [el('code', {}, [text(fallback)])])] : [];
  }
  if (view.unavailable === true) {
    return [
      el('p', { className: ['openapi', 'openapi-unavailable'] }, [
        ...(fallback ? [el('code', {}, [text(fallback)]), text(': ')] : []),
        text('operation not available.'),
      ]),
    ];
  }
  const method = typeof view.method === 'string' && METHOD.test(view.method) ? view.method.toUpperCase() : undefined;
  const children: ElementContent[] = [];
  if (typeof view.title === 'string' && view.title) children.push(el('p', {}, [el('strong', {}, [text(view.title)])]));
  if (method || typeof view.path === 'string') {
    children.push(
      el('p', {}, [
        ...(method ? [el('code', { className: ['openapi-method'] }, [text(method)]), text(' ')] : []),
        el('code', {}, [text(typeof view.path === 'string' ? view.path : '')]),
        ...(view.deprecated === true ? [text(' '), el('small', { className: ['openapi-deprecated'] }, [text('Deprecated')])] : []),
      ]),
    );
  }
  if (typeof view.description === 'string' && view.description) children.push(el('p', {}, [text(view.description)]));
  const parameters = Array.isArray(view.parameters) ? view.parameters.filter((p) => p && typeof p === 'object').slice(0, MAX_ROWS) : [];
  if (parameters.length) {
    const head = ['Name', 'In', 'Type', 'Required', 'Description'].map((h) => el('th', { scope: 'col' }, [text(h)]));
    const rows = parameters.map((p) =>
      el('tr', {}, [
        el('th', { scope: 'row' }, [el('code', {}, [text(String(p.name ?? ''))])]),
        el('td', {}, [text(String(p.in ?? ''))]),
        el('td', {}, [text(typeof p.type === 'string' ? p.type : '')]),
        el('td', {}, [text(p.required === true ? 'yes' : 'no')]),
        el('td', {}, [text(typeof p.description === 'string' ? p.description : '')]),
      ]),
    );
    children.push(el('div', { className: ['table'] }, [el('table', {}, [el('thead', {}, [el('tr', {}, head)]), el('tbody', {}, rows)])]));
  }
  const body = view.requestBody && typeof view.requestBody === 'object' ? view.requestBody : undefined;
  if (body) {
    children.push(
      el('p', { className: ['openapi-section'] }, [
        el('strong', {}, [text('Request body')]),
        ...(body.required === true ? [text(' (required)')] : []),
        ...contentType(body.contentType),
      ]),
      ...payload(body),
    );
  }
  const responses = Array.isArray(view.responses) ? view.responses.filter((r) => r && typeof r === 'object').slice(0, MAX_ROWS) : [];
  if (responses.length) {
    children.push(
      el('p', { className: ['openapi-section'] }, [el('strong', {}, [text('Responses')])]),
      el(
        'ul',
        { className: ['openapi-responses'] },
        responses.map((r) => el('li', {}, [el('p', {}, [el('code', {}, [text(String(r.status ?? ''))]), ...contentType(r.contentType)]), ...payload(r)])),
      ),
    );
  }
  if (view.url !== undefined) {
    const url = state.internal(view.url);
    if (url) children.push(el('p', { className: ['openapi-link'] }, linked(url, [text('Open the API reference')])));
  }
  return [el('div', { className: ['openapi'] }, children)];
}

function contentType(value: unknown): ElementContent[] {
  return typeof value === 'string' && value ? [text(' '), el('code', {}, [text(value)])] : [];
}

/** A body's or response's description, then its schema (pretty JSON from the caller) as a code block. */
function payload(p: OpenApiPayload): ElementContent[] {
  const out: ElementContent[] = [];
  if (typeof p.description === 'string' && p.description) out.push(el('p', {}, [text(p.description)]));
  if (typeof p.schema === 'string' && p.schema) {
    const schema = p.schema.length > MAX_SCHEMA ? `${p.schema.slice(0, MAX_SCHEMA)}\n…` : p.schema;
    out.push(el('pre', { className: ['openapi-schema'] }, [el('code', {}, [text(schema)])]));
  }
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
