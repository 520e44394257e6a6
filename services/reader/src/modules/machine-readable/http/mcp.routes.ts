import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { searchQueryProblem, SEARCH_QUERY_LIMITS, z } from '@quire/input';
import { answerWithin, type ClientLimit } from '../../limits';
import type { Logger } from '@quire/platform/logger';
import type { SiteReadsDeps } from '../../site-reads';
import { visitorUrlOf } from '../../visitor-access';
import type { VisitRecorder } from '../../visits';
import { isMcpPath, resolveMcpSite, type McpSite } from '../application/mcp-site';
import type { OpenApiTextDeps } from '../application/openapi-text';
import { getPage, MCP_LIMITS, searchDocumentation, type ToolOutcome } from '../application/mcp-tools';
import { MCP_MESSAGE_LIMITS, planMcpMessage } from '../domain/mcp-message-plan';
import { toolCallsOf, type ToolCalls } from './mcp-tool-calls';

export interface McpRoutesDeps extends SiteReadsDeps, OpenApiTextDeps {
  logger: Logger;
  publicUrl: string;
  /** READER_ANSWER_TIMEOUT_MS: past it the message is answered 503, as a page is. */
  answerTimeoutMs: number;
  /** Counts tool calls as `mcp_request` insights events (docs/reader.md, Counted); none in some unit tests. */
  visits?: VisitRecorder;
  /** Requests per client address (READER_RATE_LIMIT_PER_MINUTE), shared with the pages. */
  limit?: ClientLimit;
}

/**
 * `<site>/~gitbook/mcp` (GitBook's address): an MCP server over Streamable HTTP with
 * `searchDocumentation` and `getPage`. Stateless: a new server and transport per request, no
 * session id, so any copy of the reader answers any request. JSON answers (no SSE stream).
 */
export function mcpRoutes(deps: McpRoutesDeps): Router {
  const router = Router();
  router.use((req, res, next) => {
    if (!isMcpPath(req.path)) return next();
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'no-referrer');
    res.setHeader('cache-control', 'private, no-store');
    const served = serveMcp(deps, req, res).then(
      () => 'served' as const,
      (err: Error) => {
        deps.logger.warn({ url: req.path, err: err.message }, 'MCP request failed');
        return 'failed' as const;
      },
    );
    void answerWithin(served, deps.answerTimeoutMs, () => 'late' as const).then((outcome) => {
      if (outcome === 'failed') rpcError(res, 500, -32603, 'Internal error');
      if (outcome === 'late') {
        deps.logger.warn({ url: req.path, timeoutMs: deps.answerTimeoutMs }, 'MCP request not answered in time');
        rpcError(res, 503, -32000, 'The documentation is temporarily unavailable; try again shortly');
      }
    });
  });
  return router;
}

/**
 * A body past MCP_MESSAGE_LIMITS.bodyBytes is refused by the service's body parser before it is
 * read whole or parsed (the reader's body limit); at an MCP address that refusal is a JSON-RPC error.
 */
export const mcpBodyRefusals: ErrorRequestHandler = (err: { type?: string }, req, res, next) => {
  if (!isMcpPath(req.path) || err?.type !== 'entity.too.large') return next(err);
  res.setHeader('cache-control', 'private, no-store');
  rpcError(res, 413, -32600, `The request body is larger than the limit of ${MCP_MESSAGE_LIMITS.bodyBytes} bytes for one MCP request`);
};

async function serveMcp(deps: McpRoutesDeps, req: Request, res: Response): Promise<void> {
  const plan = req.method === 'POST' ? planMcpMessage(req.body) : ({ ok: true, cost: 1 } as const);
  // Every message of a batch is a request against the client's limit; a refused batch costs one.
  const retryAfter = deps.limit ? await deps.limit.retryAfter(req, plan.ok ? plan.cost : 1) : null;
  if (retryAfter !== null) {
    res.setHeader('retry-after', String(retryAfter));
    return rpcError(res, 429, -32000, `Too many requests from this address; retry in ${retryAfter}s`);
  }
  if (!plan.ok) return rpcError(res, 400, -32600, plan.message);
  if (req.method !== 'POST') {
    // Stateless: no SSE stream to open (GET) and no session to end (DELETE).
    res.setHeader('allow', 'POST');
    return rpcError(res, 405, -32000, 'Method not allowed: send JSON-RPC messages with POST');
  }
  const forwardedProto = req.header('x-forwarded-proto')?.split(',')[0]?.trim();
  const url = visitorUrlOf({
    publicUrl: deps.publicUrl,
    host: req.header('x-forwarded-host') ?? req.header('host'),
    proto: forwardedProto,
    path: req.originalUrl,
  });
  const resolution = await resolveMcpSite(deps, { url, cookie: req.header('cookie') });
  if (!resolution.ok) return rpcError(res, resolution.status, -32001, resolution.message);
  if (resolution.site.content.visibility !== 'public') res.setHeader('x-robots-tag', 'noindex');
  const calls = toolCallsOf(deps, req, res, resolution.site, { url, secure: forwardedProto === 'https' || deps.publicUrl.startsWith('https:') });

  const server = siteMcpServer(deps, resolution.site, calls);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
}

/**
 * The MCP server of one site for one request: its tools read as the visitor whose request it is,
 * each call (validated by the SDK first) run through the request's `calls`. The handshake
 * (`initialize`, `notifications/*`), `tools/list` and `ping` read no documentation and are not counted.
 */
function siteMcpServer(deps: SiteReadsDeps, site: McpSite, calls: ToolCalls): McpServer {
  const server = new McpServer({ name: 'quire-site', version: '1.0.0' }, { capabilities: { tools: {} } });
  // The SDK's generic inference over zod shapes is too deep for tsc (TS2589): the schemas below
  // still validate every call at run time; the handlers take the types they describe.
  const registerTool = server.registerTool.bind(server) as unknown as ToolRegistrar;
  registerTool(
    'searchDocumentation',
    {
      title: 'Search the documentation',
      description: 'Search this documentation site. Answers the best matching pages: title, URL (open it with getPage) and a snippet.',
      inputSchema: {
        query: z
          .string()
          .trim()
          .max(SEARCH_QUERY_LIMITS.codePoints)
          .superRefine((query, ctx) => {
            const problem = searchQueryProblem(query);
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          })
          .describe(`What to look for: at most ${SEARCH_QUERY_LIMITS.terms} words`),
        limit: z.number().int().min(1).max(MCP_LIMITS.results).optional().describe(`How many pages, at most ${MCP_LIMITS.results} (10 by default)`),
      },
    },
    (input: { query: string; limit?: number }) =>
      calls.run(async () =>
        toolResult(await searchDocumentation(deps, site, input), (pages) =>
          pages.length === 0 ? 'No page matches.' : pages.map((p) => `## ${p.title}\nURL: ${p.url}\n${p.snippet}`).join('\n\n'),
        ),
      ),
  );
  registerTool(
    'getPage',
    {
      title: 'Read a page',
      description: "Read a page of this documentation site as markdown, by its URL (as searchDocumentation answers it) or its path below the site's root.",
      inputSchema: {
        url: z.string().max(MCP_LIMITS.url).optional().describe("The page's URL"),
        path: z.string().max(MCP_LIMITS.path).optional().describe("The page's path below the site's root, e.g. guides/install"),
      },
    },
    async (input: { url?: string; path?: string }): Promise<CallToolResult> => {
      if (!input.url && input.path === undefined) return { isError: true, content: [{ type: 'text', text: 'Give the page\'s "url" or "path"' }] };
      return calls.run(async () => toolResult(await getPage(deps, site, input), (page) => page.markdown));
    },
  );
  return server;
}

type ToolRegistrar = <I>(
  name: string,
  config: { title: string; description: string; inputSchema: Record<string, z.ZodTypeAny> },
  handler: (input: I) => Promise<CallToolResult>,
) => void;

function toolResult<T>(outcome: ToolOutcome<T>, text: (value: T) => string): CallToolResult {
  if (!outcome.ok) return { isError: true, content: [{ type: 'text', text: outcome.message }] };
  return { content: [{ type: 'text', text: text(outcome.value) }] };
}

/** A JSON-RPC error outside any request the server parsed (refused site, wrong method, failure). */
function rpcError(res: Response, status: number, code: number, message: string): void {
  if (res.headersSent) return;
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}
