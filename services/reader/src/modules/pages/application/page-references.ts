import type { OpenApiBlock, OpenApiView, PageRenderContext } from '@quire/page-html';
import type { sites } from '@quire/proto';
import { documentRefsOf, operationKey, operationRefOf } from '../domain/document-refs';
import type { PageTree } from '../domain/page-tree';
import { sitePathOf } from '../domain/site-structure';
import type { ReaderDeps } from './deps';

/**
 * What the renderer asks about targets outside the page's site space: other site spaces' pages, OpenAPI
 * operations; `isComplete` false when a read failed (a note stands in for it), so the page is not kept
 * in the answer cache: the next visit reads again (specs may have parsed a large document meanwhile).
 */
export type PageReferences = Pick<PageRenderContext, 'pageUrl' | 'spaceUrl' | 'pageTitle' | 'openapi'> & { isComplete: boolean };

/**
 * Reads what a document refers to outside its site space, at most one batched call per kind and only
 * when the document has such references (issue #36 §2):
 * - links to pages of other spaces: content's GetPublishedPagePaths for the spaces this site publishes
 *   (others stay text without a call); each resolves to that site space's address + the page's path;
 * - `openapi-operation` blocks: specs' GetPublishedOperations, as the site's reader (its apiToken: its
 *   organization's specs only). A missing spec or operation — or specs failing — is a note, never an error page.
 */
export async function loadPageReferences(
  deps: ReaderDeps,
  content: sites.PublishedSiteContent,
  tree: PageTree,
  siteSpaces: ReadonlyArray<{ spaceId: string; url: string }>,
  document: unknown,
): Promise<PageReferences> {
  const baseOfSpace = new Map<string, string>();
  for (const s of siteSpaces) {
    const path = sitePathOf(s.url);
    if (path && !baseOfSpace.has(s.spaceId)) baseOfSpace.set(s.spaceId, path.endsWith('/') ? path : `${path}/`);
  }
  baseOfSpace.set(content.space, tree.basePath);
  const refs = documentRefsOf(document, content.space);
  const published = refs.pages.filter((p) => baseOfSpace.has(p.spaceId));
  let isComplete = true;

  const [paths, operations] = await Promise.all([
    published.length === 0
      ? []
      : deps
          .contentPublished()
          .getPublishedPagePaths({ apiToken: content.apiToken, pages: published })
          .then(
            (answer) => answer.pages,
            (err: unknown) => {
              deps.logger.warn({ err, site: content.site }, 'reader: pages of other site spaces not read; their links are shown as text');
              isComplete = false;
              return [];
            },
          ),
    refs.operations.length === 0 || !deps.specs
      ? []
      : deps
          .specs()
          .getPublishedOperations({ apiToken: content.apiToken, operations: refs.operations })
          .then(
            (answer) => answer.operations,
            (err: unknown) => {
              deps.logger.warn({ err, site: content.site }, 'reader: OpenAPI operations not read; their blocks say so');
              isComplete = false;
              return [];
            },
          ),
  ]);
  const otherPages = new Map(paths.filter((p) => p.kind === 'document').map((p) => [`${p.spaceId} ${p.pageId}`, p]));
  const operationViews = new Map(operations.filter((o) => o.found).map((o) => [operationKey(o), o.operationJson]));

  return {
    isComplete,
    pageUrl: (pageId, anchor, spaceId) => {
      if (!spaceId || spaceId === content.space) return tree.urlOf(pageId, anchor);
      const page = otherPages.get(`${spaceId} ${pageId}`);
      const base = baseOfSpace.get(spaceId);
      if (!page || !base) return undefined;
      return `${base}${page.path}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
    },
    spaceUrl: (spaceId) => baseOfSpace.get(spaceId),
    pageTitle: (pageId, spaceId) => (!spaceId || spaceId === content.space ? tree.title(pageId) : otherPages.get(`${spaceId} ${pageId}`)?.title),
    openapi: (block: OpenApiBlock): OpenApiView | undefined => {
      if (block.type !== 'openapi-operation') return undefined;
      const ref = operationRefOf(block.data);
      const json = ref && operationViews.get(operationKey(ref));
      return json ? operationViewOf(json) : { unavailable: true };
    },
  };
}

/** Specs' operation JSON (services/specs domain/spec-operation.ts OperationView) → the block's view. */
export function operationViewOf(json: string): OpenApiView {
  let op: Record<string, unknown>;
  try {
    op = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return { unavailable: true };
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const list = (v: unknown) => (Array.isArray(v) ? (v as Array<Record<string, unknown>>).filter((x) => x && typeof x === 'object') : []);
  const body = op.requestBody && typeof op.requestBody === 'object' ? (op.requestBody as Record<string, unknown>) : undefined;
  const payload = (p: Record<string, unknown>) => ({
    description: text(p.description),
    contentType: text(p.contentType),
    schema: text(p.schema),
  });
  return {
    title: text(op.summary),
    method: text(op.method),
    path: text(op.path),
    description: text(op.description),
    deprecated: op.deprecated === true,
    parameters: list(op.parameters).map((p) => ({
      name: text(p.name) ?? '',
      in: text(p.in) ?? '',
      required: p.required === true,
      type: text(p.type),
      description: text(p.description),
    })),
    ...(body ? { requestBody: { ...payload(body), required: body.required === true } } : {}),
    responses: list(op.responses).map((r) => ({ status: text(r.status) ?? '', ...payload(r) })),
  };
}
