import type { ElementContent } from 'hast';
import type { DocumentBlock } from '@quire/formats';
import type { OpenApiBlock } from './page-context';
import { dataOf, str } from './document-shape';
import { el, text } from './hast';
import { linked } from './inlines';
import type { RenderState } from './render-state';

// OpenAPI blocks: what the specs service's stored version says, handed over by the caller as data
// (never as HTML), rendered escaped; without it, the block's method and path as text.

const METHOD = /^[a-z]{1,10}$/i;

export function renderOpenApi(state: RenderState, block: DocumentBlock): ElementContent[] {
  const data = dataOf(block);
  const request: OpenApiBlock = { type: block.type as OpenApiBlock['type'], data };
  const view = state.call(() => state.context.openapi?.(request));
  if (!view || typeof view !== 'object') {
    const fallback = storedSummary(block.type, data);
    return fallback ? [el('p', { className: ['openapi'] }, [el('code', {}, [text(fallback)])])] : [];
  }
  const method = typeof view.method === 'string' && METHOD.test(view.method) ? view.method.toUpperCase() : undefined;
  const children: ElementContent[] = [];
  if (typeof view.title === 'string' && view.title) children.push(el('p', {}, [el('strong', {}, [text(view.title)])]));
  if (method || typeof view.path === 'string') {
    children.push(
      el('p', {}, [
        ...(method ? [el('code', { className: ['openapi-method'] }, [text(method)]), text(' ')] : []),
        el('code', {}, [text(typeof view.path === 'string' ? view.path : '')]),
      ]),
    );
  }
  if (typeof view.description === 'string' && view.description) children.push(el('p', {}, [text(view.description)]));
  const parameters = Array.isArray(view.parameters) ? view.parameters.filter((p) => p && typeof p === 'object') : [];
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
  if (view.url !== undefined) {
    const url = state.internal(view.url);
    if (url) children.push(el('p', { className: ['openapi-link'] }, linked(url, [text('Open the API reference')])));
  }
  return [el('div', { className: ['openapi'] }, children)];
}

/** What the stored block itself says: `GET /pets`, the schema names, or the webhook's name. */
function storedSummary(type: string, data: Record<string, unknown>): string {
  const method = str(data, 'method');
  const upper = method && METHOD.test(method) ? `${method.toUpperCase()} ` : '';
  if (type === 'openapi-schemas') return Array.isArray(data.schemas) ? data.schemas.filter((s) => typeof s === 'string').join(', ') : '';
  if (type === 'openapi-webhook') return `${upper}${str(data, 'name') ?? ''}`.trim();
  return `${upper}${str(data, 'path') ?? ''}`.trim();
}
