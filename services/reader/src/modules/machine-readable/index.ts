// The machine-readable module's face: `llms.txt` and `llms-full.txt` (answered
// through the pages module's site files) and the MCP server at `<site>/~gitbook/mcp`.
export { answerLlms, type LlmsAnswer, type LlmsKind } from './application/answer-llms';
export { readPageMarkdown } from './application/site-pages';
export { withOpenApiText, type OpenApiTextDeps } from './application/openapi-text';
export { isMcpPath } from './application/mcp-site';
export { MCP_MESSAGE_LIMITS } from './domain/mcp-message-plan';
export { mcpBodyRefusals, mcpRoutes, type McpRoutesDeps } from './http/mcp.routes';
