// What the renderer asks of its caller (the reader service): where pages and files are published,
// and what an OpenAPI block shows. Every answer is still checked by the URL policy and sanitised.

/** An OpenAPI block of the document (`swagger`, `openapi-operation`, `openapi-schemas`, `openapi-webhook`) as stored. */
export interface OpenApiBlock {
  type: 'swagger' | 'openapi-operation' | 'openapi-schemas' | 'openapi-webhook';
  data: Record<string, unknown>;
}

/** A parameter of an operation, as the specs service's stored version describes it. */
export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  type?: string;
  description?: string;
}

/** An operation's request body or one of its responses: its schema as text (pretty JSON), shown in a code block. */
export interface OpenApiPayload {
  description?: string;
  required?: boolean;
  contentType?: string;
  schema?: string;
}

/** A response of an operation: its status code (`200`, `4XX`, `default`) and payload. */
export interface OpenApiResponse extends OpenApiPayload {
  status: string;
}

/** A named component schema of an `openapi-schemas` block: its schema as text (pretty JSON), shown in a code block. */
export interface OpenApiSchema {
  name: string;
  description?: string;
  /** A short type (`object`, `Pet`). */
  type?: string;
  schema?: string;
  /** The spec has no such schema: a short "schema not available" note with its name. */
  unavailable?: boolean;
}

/** What an OpenAPI block shows: data rendered (escaped) by the renderer, and/or a link to the full reference. */
export interface OpenApiView {
  /** The operation's summary (shown as its heading). */
  title?: string;
  method?: string;
  path?: string;
  /** A webhook's name (`openapi-webhook` blocks), shown instead of a path. */
  webhook?: string;
  /** The named schemas of an `openapi-schemas` block, in the block's order. */
  schemas?: OpenApiSchema[];
  description?: string;
  deprecated?: boolean;
  parameters?: OpenApiParameter[];
  requestBody?: OpenApiPayload;
  responses?: OpenApiResponse[];
  /** The full reference (e.g. the spec's published page): rendered as a link. */
  url?: string;
  /**
   * The spec or what the block names does not exist (any more): a short "operation (schemas, webhook) not
   * available" note with the block's method and path (schema names, webhook name). A `swagger` block shows
   * its stored spec address instead (a link when it is http(s)).
   */
  unavailable?: boolean;
}

export interface PageRenderContext {
  /**
   * The published address of a page (with `#anchor`), or undefined when it is not published: the link
   * is then plain text. `spaceId`: the page's space when the reference names one (it may be another
   * space of the site, or one the site does not publish).
   */
  pageUrl(pageId: string, anchor?: string, spaceId?: string): string | undefined;
  /** The published address of a whole space (a `space` reference), or undefined (plain text). */
  spaceUrl?(spaceId: string): string | undefined;
  /** The address the reader serves a file of the revision at, or undefined when the revision has no such file. */
  fileUrl(fileId: string): string | undefined;
  /** A file's name, shown on file blocks (default: "Download"). */
  fileName?(fileId: string): string | undefined;
  /** A page's title, shown on content-ref blocks and mentions (default: the address). */
  pageTitle?(pageId: string, spaceId?: string): string | undefined;
  /**
   * What an OpenAPI block shows; undefined (or no callback) shows its method and path (schema names,
   * webhook name) as text, and for a `swagger` block the spec's address as a link (never fetched).
   */
  openapi?(block: OpenApiBlock): OpenApiView | undefined;
}

/** An entry of the page's table of contents: the document's heading level (1–3), its text and anchor. */
export interface TocHeading {
  level: 1 | 2 | 3;
  text: string;
  anchor: string;
}

export interface RenderedPage {
  /** The body's HTML fragment (no `<html>`, no `lang`): sanitised, deterministic. */
  html: string;
  /** Top-level headings in order (the page's table of contents). */
  headings: TocHeading[];
  /** The first paragraph as plain text, at most 160 characters (for `<meta name="description">`). */
  description: string;
}
