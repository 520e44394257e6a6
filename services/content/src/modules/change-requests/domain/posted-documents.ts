import type { ContentConversions } from '../../revisions';
import type { SentChange } from './batch-files';

// A batch edit's page bodies may be posted as JSONDocuments (the reference's Document): they are
// converted to the markdown Quire stores in a conversion thread, before the batch's transaction,
// as files are read (batch-files.ts). Up to the 10 MB body limit, that is a third of a second of
// CPU kept off the event loop.

/** A JSONDocument as the schema admits it (content-changes.schema.ts). */
export interface PostedDocument {
  object: 'document';
  nodes: unknown[];
}

/** A page body as posted: markdown, or a document still to convert. */
export type PostedBody = string | { document: PostedDocument };

/** A sent change whose page body may still be a document. */
export type PostedChange<C = SentChange> = C extends { document: string }
  ? Omit<C, 'document'> & { document: PostedBody }
  : C extends { document?: string }
    ? Omit<C, 'document'> & { document?: PostedBody }
    : C;

/** `changes` with every posted document converted to markdown (in a conversion thread). */
export async function withMarkdownBodies(changes: readonly PostedChange[], conversions: Pick<ContentConversions, 'markdown'>): Promise<SentChange[]> {
  return Promise.all(
    changes.map(async (change) => {
      if (!('document' in change) || change.document === undefined || typeof change.document === 'string') return change as SentChange;
      return { ...change, document: await conversions.markdown(change.document.document) } as SentChange;
    }),
  );
}
