import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Request, Response } from 'express';
import type { Logger } from '@quire/platform/logger';
import { visitOf, type VisitRecorder } from '../../visits';
import type { McpSite } from '../application/mcp-site';
import { answerBudget } from '../domain/answer-budget';
import { MCP_MESSAGE_LIMITS } from '../domain/mcp-message-plan';
import { workGate } from '../domain/work-gate';

/** How the tool calls of one request run: counted, a few at a time, within one answer budget. */
export interface ToolCalls {
  run(call: () => Promise<CallToolResult>): Promise<CallToolResult>;
}

interface ToolCallsDeps {
  logger: Logger;
  visits?: VisitRecorder;
}

/**
 * The tool calls of one request. A tool's handler runs only once the SDK has validated the call
 * (its name and arguments), so counting here counts the calls that were executed and no others: a
 * body of thousands of malformed calls adds no event. Calls of a batch share `concurrentCalls`
 * slots (a batch of searches no longer asks sites for all of them at once) and `answerBytes`
 * (a batch of reads of a large page no longer answers megabytes per request).
 */
export function toolCallsOf(deps: ToolCallsDeps, req: Request, res: Response, site: McpSite, at: { url: string; secure: boolean }): ToolCalls {
  const gate = workGate(MCP_MESSAGE_LIMITS.concurrentCalls);
  const budget = answerBudget(MCP_MESSAGE_LIMITS.answerBytes);
  return {
    run: async (call) => {
      countToolCall(deps, req, res, site, at);
      const result = await gate.run(call);
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      if (budget.take(text)) return result;
      return {
        isError: true,
        content: [
          {
            type: 'text',
            text: `This answer would pass the limit of ${budget.maxBytes} bytes of answers for one request: ask for it in a request of its own`,
          },
        ],
      };
    },
  };
}

/**
 * One `mcp_request` per tool call executed. The event names the site space the MCP
 * address resolved to, no page; the visitor cookies join the answer as on a page (an agent keeping
 * no cookie is counted under the daily-salted hash of its address and agent).
 */
function countToolCall(deps: ToolCallsDeps, req: Request, res: Response, site: McpSite, at: { url: string; secure: boolean }): void {
  if (!deps.visits) return;
  const { kind, ...visit } = visitOf('mcp_request', site.content, site.content.revision, '');
  try {
    const cookies = deps.visits.recordVisit(kind, visit, req, at.url, at.secure);
    if (cookies.length && !res.headersSent) res.setHeader('set-cookie', cookies);
  } catch (err) {
    deps.logger.warn({ url: req.path, err: (err as Error).message }, 'MCP request not counted');
  }
}
