import { badRequest } from '@quire/common';
import { documentToMarkdown } from '@quire/formats';

/** A posted body (reference: Document): markdown as given, or a JSONDocument (the schema admits exactly one). */
export interface PostedBody {
  markdown?: string;
  document?: { nodes: unknown[] };
}

/** The markdown a comment or reply stores; a document with no text is refused like an empty markdown. */
export function commentMarkdown(body: PostedBody): string {
  if (body.document === undefined) return body.markdown ?? '';
  const markdown = documentToMarkdown(body.document);
  if (markdown.trim() === '') throw badRequest('Invalid body field "body.document": must not be empty');
  return markdown;
}
