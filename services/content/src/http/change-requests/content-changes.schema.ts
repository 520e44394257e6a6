import { documentToMarkdown } from '@quire/formats';
import { queryBoolean, resourceId, text, z } from '@quire/common';

// Reference (@gitbook/api 0.202.0): updateChangeRequestContent, ChangeRequestContentChange*,
// RevisionPageUpdate, Document. Of its five change types Quire takes insert_page, update_page and
// delete_page so far (issue #24); revert_page and insert_files are refused naming `operation`, and
// the page fields Quire does not store (icon, noIndex, noRobotsIndex) naming the field.

export const MAX_CHANGES = 50;
/** A page body as sent: about what a 1,000-page import allows for one page. */
const MAX_MARKDOWN = 1_000_000;

/** The reference's Document: `{ markdown }`, `{ document: JSONDocument }` or `{}` (empty), as markdown. */
const pageDocument = z
  .union([
    z.object({ markdown: z.string().max(MAX_MARKDOWN) }).strict(),
    z.object({ document: z.object({ object: z.literal('document'), nodes: z.array(z.unknown()).max(10_000) }).passthrough() }).strict(),
    z.object({}).strict(),
  ])
  .transform((doc) => ('markdown' in doc ? doc.markdown : 'document' in doc ? documentToMarkdown(doc.document) : ''));

const pageFields = {
  title: text({ min: 1, max: 255 }).optional(),
  slug: z.string().min(1).max(100).optional(),
  emoji: z.string().max(32).optional(),
  description: text({ max: 1000 }).optional(),
  hidden: z.boolean().optional(),
};
const position = z.number().int().min(0).max(100_000);

const insertPage = z
  .object({
    operation: z.literal('insert_page'),
    document: pageDocument,
    into: resourceId.optional(),
    at: position.optional(),
    ref: z.string().min(1).max(256).optional(),
    ...pageFields,
  })
  .strict();
const updatePage = z
  .object({
    operation: z.literal('update_page'),
    page: resourceId,
    document: pageDocument.optional(),
    into: resourceId.nullable().optional(),
    at: position.optional(),
    ...pageFields,
  })
  .strict();
const deletePage = z.object({ operation: z.literal('delete_page'), page: resourceId }).strict();

export const contentChangesBody = z
  .object({
    changes: z
      .array(z.discriminatedUnion('operation', [insertPage, updatePage, deletePage]))
      .min(1)
      .max(MAX_CHANGES),
  })
  .strict();

export const contentChangesQuery = z.object({ compat: queryBoolean.default('true') });
