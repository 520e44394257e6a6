import type { OpenApiBlock, OpenApiSchema, OpenApiView, PageRenderContext } from '@quire/page-html';
import type { sites, specs } from '@quire/proto';
import {
  documentRefsOf,
  operationKey,
  operationRefOf,
  schemaKey,
  schemasRefOf,
  swaggerKey,
  swaggerRefOf,
  webhookKey,
  webhookRefOf,
  type DocumentRefs,
} from '../domain/document-refs';
import type { PageTree } from '../../site-reads';
import type { ReaderDeps } from './deps';

/**
 * What the renderer asks about targets outside the page's site space: other site spaces' pages, OpenAPI
 * blocks; `isComplete` false when a read failed (a note stands in for it), so the page is not kept
 * in the answer cache: the next visit reads again (specs may have parsed a large document meanwhile).
 */
export type PageReferences = Pick<PageRenderContext, 'pageUrl' | 'spaceUrl' | 'pageTitle' | 'openapi'> & { isComplete: boolean };

/**
 * Reads what a document refers to outside its site space, at most one batched call per kind and only
 * when the document has such references:
 * - links to pages of other spaces: content's GetPublishedPagePaths for the spaces this site publishes
 *   (others stay text without a call); each resolves to that site space's address + the page's path;
 * - OpenAPI blocks (`openapi-operation`, `openapi-webhook`, `openapi-schemas`, and `swagger` blocks naming
 *   their spec by an http(s) URL): specs' GetPublishedOperations, as the site's reader (its apiToken: its
 *   organization's specs only). A missing spec or item — or specs failing — is a note, never an error
 *   page; a swagger block whose spec specs does not have shows its spec's address (never fetched).
 */
export async function loadPageReferences(
  deps: ReaderDeps,
  content: sites.PublishedSiteContent,
  tree: PageTree,
  siteSpaces: ReadonlyArray<{ spaceId: string; path: string }>,
  document: unknown,
): Promise<PageReferences> {
  const baseOfSpace = new Map<string, string>();
  for (const s of siteSpaces) {
    const { path } = s;
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
    !hasOpenApi(refs) || !deps.specs
      ? undefined
      : deps
          .specs()
          .getPublishedOperations({
            apiToken: content.apiToken,
            operations: refs.operations,
            schemas: refs.schemas,
            webhooks: refs.webhooks,
            swaggerOperations: refs.swaggerOperations,
          })
          .then(
            (answer) => answer,
            (err: unknown) => {
              deps.logger.warn({ err, site: content.site }, 'reader: OpenAPI blocks not read; they say so');
              isComplete = false;
              return undefined;
            },
          ),
  ]);
  const otherPages = new Map(paths.filter((p) => p.kind === 'document').map((p) => [`${p.spaceId} ${p.pageId}`, p]));
  const openapi = openApiViews(operations);

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
    openapi,
  };
}

const hasOpenApi = (refs: DocumentRefs) => refs.operations.length + refs.schemas.length + refs.webhooks.length + refs.swaggerOperations.length > 0;

/** What each OpenAPI block shows, from specs' answer (none: specs failed or nothing was asked). */
function openApiViews(answer: specs.GetPublishedOperationsResponse | undefined): (block: OpenApiBlock) => OpenApiView | undefined {
  const found = <T extends { found: boolean }, V>(items: T[] | undefined, key: (item: T) => string, view: (item: T) => V | undefined) =>
    new Map((items ?? []).flatMap((item) => (item.found && view(item) ? [[key(item), view(item) as V] as const] : [])));
  const operations = found(answer?.operations, operationKey, (o) => o.operation);
  const webhooks = found(answer?.webhooks, webhookKey, (w) => w.webhook);
  const swaggerOperations = found(answer?.swaggerOperations, swaggerKey, (o) => o.operation);
  const schemas = found(answer?.schemas, schemaKey, (s) => s.schema);
  return (block) => {
    switch (block.type) {
      case 'openapi-operation': {
        const ref = operationRefOf(block.data);
        const operation = ref && operations.get(operationKey(ref));
        return operation ? operationViewOf(operation) : { unavailable: true };
      }
      case 'openapi-webhook': {
        const ref = webhookRefOf(block.data);
        const webhook = ref && webhooks.get(webhookKey(ref));
        return webhook ? operationViewOf(webhook) : { unavailable: true };
      }
      case 'swagger': {
        // Not one of the organization's specs (or specs failing): page-html shows the spec's address.
        const ref = swaggerRefOf(block.data);
        const operation = ref && swaggerOperations.get(swaggerKey(ref));
        return operation ? operationViewOf(operation) : undefined;
      }
      case 'openapi-schemas': {
        const ref = schemasRefOf(block.data);
        if (!ref) return { unavailable: true };
        const views = ref.names.map((name): OpenApiSchema => {
          const schema = schemas.get(schemaKey({ spec: ref.spec, name }));
          return schema ? schemaViewOf(schema) : { name, unavailable: true };
        });
        return views.some((v) => !v.unavailable) ? { schemas: views } : { unavailable: true };
      }
      default:
        return undefined;
    }
  };
}

/** A schema of specs' answer → a schema of the block's view. */
export function schemaViewOf(schema: specs.OpenApiSchema): OpenApiSchema {
  return { name: schema.name, description: schema.description, type: schema.type, schema: schema.schema };
}

/** An operation or webhook of specs' answer → the block's view. */
export function operationViewOf(op: specs.OpenApiOperation): OpenApiView {
  const body = op.requestBody;
  return {
    title: op.summary,
    method: op.method,
    // An operation has a path, a webhook a name.
    path: op.path || undefined,
    webhook: op.name || undefined,
    description: op.description,
    deprecated: op.deprecated,
    parameters: op.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required, type: p.type, description: p.description })),
    ...(body ? { requestBody: { description: body.description, contentType: body.contentType, schema: body.schema, required: body.required } } : {}),
    responses: op.responses.map((r) => ({ status: r.status, description: r.description, contentType: r.contentType, schema: r.schema })),
  };
}
