import type { DocumentBlock, DocumentInline, DocumentText, JSONDocument } from '@quire/formats';
import { renderPageDocument, type PageRenderContext, type RenderedPage } from '../src';

// Small builders for documents of the reference's shape, and a render context with published pages.

export const t = (value: string, ...marks: string[]): DocumentText =>
  ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }] }) as DocumentText;

export const block = (type: string, nodes: unknown[] = [], data: Record<string, unknown> = {}, extra: Partial<DocumentBlock> = {}): DocumentBlock =>
  ({ object: 'block', type, data, nodes, ...extra }) as DocumentBlock;

export const voidBlock = (type: string, data: Record<string, unknown>, extra: Partial<DocumentBlock> = {}): DocumentBlock =>
  ({ object: 'block', type, isVoid: true, data, ...extra }) as DocumentBlock;

export const inline = (type: string, data: Record<string, unknown>, nodes?: unknown[]): DocumentInline =>
  ({ object: 'inline', type, data, ...(nodes ? { nodes } : { isVoid: true }) }) as DocumentInline;

export const p = (...nodes: (DocumentText | DocumentInline | string)[]): DocumentBlock =>
  block(
    'paragraph',
    nodes.map((n) => (typeof n === 'string' ? t(n) : n)),
  );

export const doc = (...nodes: DocumentBlock[]): JSONDocument => ({ object: 'document', data: {}, nodes });

export const fragment = (name: string, nodes: DocumentBlock[]) => ({ object: 'fragment' as const, fragment: name, type: name, nodes });

/** Pages `p1`, `p2` are published under /docs; `missing` is not. Files `f1` is served, `f-none` is not. */
export const context: PageRenderContext = {
  pageUrl: (page, anchor) => (page === 'missing' ? undefined : `/docs/${page}${anchor ? `#${anchor}` : ''}`),
  fileUrl: (file) => (file === 'f-none' ? undefined : `/files/${file}`),
  fileName: (file) => (file === 'f1' ? 'report.pdf' : undefined),
  pageTitle: (page) => (page === 'p1' ? 'Getting started' : undefined),
};

export const render = (document: JSONDocument, ctx: PageRenderContext = context): Promise<RenderedPage> => renderPageDocument(document, ctx);

export const html = async (...nodes: DocumentBlock[]): Promise<string> => (await render(doc(...nodes))).html;
