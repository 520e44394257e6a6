import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Router, type Request, type Response } from 'express';
import { z } from '@quire/input';
import { answerWithin, type ClientLimit } from '../../limits';
import { visitOf, visitorUrlOf, type ReaderDeps } from '../../pages';
import type { VisitRecorder } from '../../visits';
import { isMcpPath, resolveMcpSite, type McpSite } from '../application/mcp-site';
import { getPage, MCP_LIMITS, searchDocumentation, type ToolOutcome } from '../application/mcp-tools';

export interface McpRoutesDeps extends ReaderDeps {
  publicUrl: string;
  /** READER_ANSWER_TIMEOUT_MS: past it the message is answered 503, as a page is. */
  answerTimeoutMs: number;
  /** Counts tool calls as `mcp_request` insights events (docs/reader.md, Counted); none in some unit tests. */
  visits?: VisitRecorder;
  /** Requests per client address (READER_RATE_LIMIT_PER_MINUTE), shared with the pages. */
  limit?: ClientLimit;
}

/**
 * `<site>/~gitbook/mcp` (issue #36 §4, GitBook's address): an MCP server over Streamable HTTP with
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

async function serveMcp(deps: McpRoutesDeps, req: Request, res: Response): Promise<void> {
  const retryAfter = deps.limit ? await deps.limit.retryAfter(req) : null;
  if (retryAfter !== null) {
    res.setHeader('retry-after', String(retryAfter));
    return rpcError(res, 429, -32000, `Too many requests from this address; retry in ${retryAfter}s`);
  }
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
  countToolCalls(deps, req, res, resolution.site, { url, secure: forwardedProto === 'https' || deps.publicUrl.startsWith('https:') });

  const server = siteMcpServer(deps, resolution.site);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
}

/**
 * Counts the message's tool calls (issue #36 §5): one `mcp_request` per JSON-RPC `tools/call`
 * request in the body (a batch counts each). The handshake (`initialize`, `notifications/*`),
 * `tools/list` and `ping` read no documentation and are not counted. The event names the site
 * space the MCP address resolved to, no page; the visitor cookies join the answer as on a page
 * (an agent keeping no cookie is counted under the daily-salted hash of its address and agent).
 */
function countToolCalls(deps: McpRoutesDeps, req: Request, res: Response, site: McpSite, at: { url: string; secure: boolean }): void {
  if (!deps.visits) return;
  const messages: unknown[] = Array.isArray(req.body) ? req.body : [req.body];
  const calls = messages.filter((m) => typeof m === 'object' && m !== null && (m as { method?: unknown }).method === 'tools/call').length;
  if (calls === 0) return;
  const { kind, ...visit } = visitOf('mcp_request', site.content, site.content.revision, '');
  try {
    let cookies: string[] = [];
    for (let i = 0; i < calls; i++) cookies = deps.visits.recordVisit(kind, visit, req, at.url, at.secure);
    if (cookies.length) res.setHeader('set-cookie', cookies);
  } catch (err) {
    deps.logger.warn({ url: req.path, err: (err as Error).message }, 'MCP request not counted');
  }
}

/** The MCP server of one site for one request: its tools read as the visitor whose request it is. */
function siteMcpServer(deps: ReaderDeps, site: McpSite): McpServer {
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
        query: z.string().trim().min(1).max(MCP_LIMITS.query).describe('What to look for'),
        limit: z.number().int().min(1).max(MCP_LIMITS.results).optional().describe(`How many pages, at most ${MCP_LIMITS.results} (10 by default)`),
      },
    },
    async (input: { query: string; limit?: number }) =>
      toolResult(await searchDocumentation(deps, site, input), (pages) =>
        pages.length === 0 ? 'No page matches.' : pages.map((p) => `## ${p.title}\nURL: ${p.url}\n${p.snippet}`).join('\n\n'),
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
    async (input: { url?: string; path?: string }) => {
      if (!input.url && input.path === undefined) return { isError: true, content: [{ type: 'text', text: 'Give the page\'s "url" or "path"' }] };
      return toolResult(await getPage(deps, site, input), (page) => page.markdown);
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
