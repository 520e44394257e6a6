// What one POST to a site's MCP address may ask for. A JSON-RPC batch is many calls in one request:
// bounded, charged per call and run a few at a time, one anonymous request cannot amplify into
// megabytes of answers or a stalled process.

export const MCP_MESSAGE_LIMITS = {
  /** Bytes of a request body, refused (413) before it is parsed: 20 calls with their longest arguments fit. */
  bodyBytes: 64 * 1024,
  /** JSON-RPC messages in one batch. */
  batchMessages: 20,
  /** Tool calls of one request that run at once; the rest wait their turn. */
  concurrentCalls: 4,
  /** Bytes of tool answers one request gets in all: calls past it answer an error naming it. */
  answerBytes: 2 * 1024 * 1024,
} as const;

export type McpMessagePlan =
  { ok: true; /** What the request is charged against the client's limit: one per message. */ cost: number } | { ok: false; message: string };

/** A request body (one JSON-RPC message or a batch of them) → its cost, or why it is refused unread. */
export function planMcpMessage(body: unknown, limits: { batchMessages: number } = MCP_MESSAGE_LIMITS): McpMessagePlan {
  if (!Array.isArray(body)) return { ok: true, cost: 1 };
  if (body.length > limits.batchMessages) {
    return { ok: false, message: `A batch holds at most ${limits.batchMessages} messages, this one has ${body.length}: send the rest in another request` };
  }
  // An empty batch is still a request (the SDK answers it with an error).
  return { ok: true, cost: Math.max(1, body.length) };
}
