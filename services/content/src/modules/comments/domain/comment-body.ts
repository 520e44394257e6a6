import { badRequest } from '@quire/errors';
import type { ContentConversions } from '../../revisions';

/** A posted body (reference: Document): markdown as given, or a JSONDocument (the schema admits exactly one). */
export interface PostedBody {
  markdown?: string;
  document?: { nodes: unknown[] };
}

/** A body as a comment or reply stores it. */
export interface MarkdownBody {
  markdown: string;
}

/**
 * The markdown a comment or reply stores: a posted JSONDocument is converted in a conversion
 * thread (conversions.ts), before the command's transaction; one with no text is refused like an
 * empty markdown.
 */
export async function markdownBody(body: PostedBody, conversions: Pick<ContentConversions, 'markdown'>): Promise<MarkdownBody> {
  if (body.document === undefined) return { markdown: body.markdown ?? '' };
  const markdown = await conversions.markdown(body.document);
  if (markdown.trim() === '') throw badRequest('Invalid body field "body.document": must not be empty');
  return { markdown };
}

/** `changes` with its body, if any, as markdown. */
export async function withMarkdownBody<T extends { body?: PostedBody }>(
  changes: T,
  conversions: Pick<ContentConversions, 'markdown'>,
): Promise<Omit<T, 'body'> & { body?: MarkdownBody }> {
  const { body, ...rest } = changes;
  return body === undefined ? rest : { ...rest, body: await markdownBody(body, conversions) };
}
