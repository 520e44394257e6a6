import { resourceId, z } from '@quire/input';
import { MAX_MARKDOWN_PAGES_PER_READ } from '../application/read-published-markdown';

// gRPC GetPublishedPagesMarkdown's page ids (proto/quire/content.proto), checked like an HTTP body:
// a refusal is INVALID_ARGUMENT naming the field, which the caller's client turns back into a 400.
export const publishedPagesMarkdownRequest = z.object({
  pageIds: z.array(resourceId).min(1).max(MAX_MARKDOWN_PAGES_PER_READ),
});
