// What a page's document refers to outside its own site space, found before it is rendered so that
// the reader reads it in one batch per kind (issue #36 §2): the operations of its `openapi-operation`
// blocks (specs), and the pages and spaces its links name in other spaces (content). Pure, bounded.

/** Nodes walked at most (a document is bounded by content, this bounds the walk whatever it holds). */
const MAX_NODES = 200_000;
/** Operations and cross-space pages gathered at most: the rest render as if not found. */
export const MAX_OPERATION_REFS = 20;
export const MAX_PAGE_REFS = 200;

export interface OperationRef {
  spec: string;
  path: string;
  method: string;
}

export interface DocumentRefs {
  operations: OperationRef[];
  /** Pages of other spaces than the page's own (links, anchors, mentions, buttons, content-refs). */
  pages: Array<{ spaceId: string; pageId: string }>;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The key of an operation (as the reader looks its answer up). */
export const operationKey = (ref: OperationRef): string => `${ref.spec} ${ref.method.toLowerCase()} ${ref.path}`;

/** An `openapi-operation` block's operation, as stored (`data.ref` ContentRefOpenAPI, `data.path`, `data.method`). */
export function operationRefOf(data: unknown): OperationRef | undefined {
  if (!isObj(data) || !isObj(data.ref) || data.ref.kind !== 'openapi') return undefined;
  const spec = str(data.ref.spec);
  const path = str(data.path);
  const method = str(data.method);
  return spec && path && method ? { spec, path, method } : undefined;
}

/** The operations and other spaces' pages a document (JSON, any shape) names; `spaceId` is the page's own space. */
export function documentRefsOf(document: unknown, spaceId: string): DocumentRefs {
  const operations = new Map<string, OperationRef>();
  const pages = new Map<string, { spaceId: string; pageId: string }>();
  const stack: unknown[] = [document];
  for (let walked = 0; stack.length > 0 && walked < MAX_NODES; walked++) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      continue;
    }
    if (!isObj(node)) continue;
    if (node.type === 'openapi-operation' && operations.size < MAX_OPERATION_REFS) {
      const ref = operationRefOf(node.data);
      if (ref && !operations.has(operationKey(ref))) operations.set(operationKey(ref), ref);
    }
    const ref = isObj(node.data) ? node.data.ref : undefined;
    if (isObj(ref) && (ref.kind === 'page' || ref.kind === 'anchor') && pages.size < MAX_PAGE_REFS) {
      const space = str(ref.space);
      const page = str(ref.page);
      if (space && page && space !== spaceId) pages.set(`${space} ${page}`, { spaceId: space, pageId: page });
    }
    for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) stack.push(value);
  }
  return { operations: [...operations.values()], pages: [...pages.values()] };
}
