import { fileNameProblem } from '@quire/formats';
import { mediaType, queryBoolean, resourceId, text, z } from '@quire/input';
import { PAGE_ICON } from '../domain/changes/page-icon';

// Reference (@gitbook/api 0.202.0): updateChangeRequestContent, ChangeRequestContentChange*,
// RevisionPageUpdate, Document. All five change types; the page fields Quire does not store
// (noIndex, noRobotsIndex) are refused naming the field.

export const MAX_CHANGES = 50;
/** A page body as sent: about what a 1,000-page import allows for one page. */
const MAX_MARKDOWN = 1_000_000;

/** The reference's Document: `{ markdown }`, `{ document: JSONDocument }` (converted later, posted-documents.ts) or `{}` (empty markdown). */
const pageDocument = z
  .union([
    z.object({ markdown: z.string().max(MAX_MARKDOWN) }).strict(),
    z.object({ document: z.object({ object: z.literal('document'), nodes: z.array(z.unknown()).max(10_000) }).passthrough() }).strict(),
    z.object({}).strict(),
  ])
  .transform((doc) => ('markdown' in doc ? doc.markdown : 'document' in doc ? { document: doc.document } : ''));

const pageFields = {
  title: text({ min: 1, max: 255 }).optional(),
  slug: z.string().min(1).max(100).optional(),
  emoji: z.string().max(32).optional(),
  // The reference's Icon: a Font Awesome icon name ('' removes it); the reader shows only the names it bundles.
  icon: z.union([z.literal(''), z.string().regex(PAGE_ICON, 'must be an icon name (a-z, 0-9 and "-", at most 50)')]).optional(),
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
/** Keys one block revert may name; a page is reverted whole by a revert without `block`. */
const MAX_REVERTED_BLOCKS = 1000;
/** `block`: keys of top-level nodes of the page document (markdown-blocks.ts), at least one. */
const revertPage = z
  .object({
    operation: z.literal('revert_page'),
    page: resourceId,
    revision: resourceId.optional(),
    block: z.array(z.string().min(1).max(100)).min(1).max(MAX_REVERTED_BLOCKS).optional(),
  })
  .strict();

/** A name every export and download can carry (formats' one rule for file names). */
function plainFileName(name: string, ctx: z.RefinementCtx): void {
  const problem = fileNameProblem(name);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
}

/** Decoded bytes of one `base64` file (the reference's limit). */
export const MAX_BASE64_FILE_BYTES = 1024 * 1024;
const batchFile = z
  .object({
    ref: z.string().min(1).max(256).optional(),
    name: text({ min: 1, max: 256 }).superRefine(plainFileName),
    url: z.string().url().max(2048).optional(),
    // 1 MB of bytes is 1,398,104 base64 characters; the decoded size is checked exactly on decoding.
    // Whitespace is matched by one quantifier only: `[…\s]*={0,2}\s*$` let two share a run of
    // spaces, and a hostile run followed by "!" took time in its length squared.
    base64: z
      .string()
      .max(1_400_000)
      .regex(/^[A-Za-z0-9+/\s]*(?:={1,2}\s*)?$/, 'must be base64')
      .optional(),
    contentType: mediaType.optional(),
  })
  .strict()
  .refine((f) => (f.url === undefined) !== (f.base64 === undefined), 'set exactly one of "url" and "base64"')
  .refine((f) => f.base64 === undefined || f.contentType !== undefined, '"contentType" is required with "base64"');
const insertFiles = z.object({ operation: z.literal('insert_files'), files: z.array(batchFile).min(1).max(20) }).strict();

export const contentChangesBody = z
  .object({
    changes: z
      .array(z.discriminatedUnion('operation', [insertPage, updatePage, deletePage, insertFiles, revertPage]))
      .min(1)
      .max(MAX_CHANGES),
  })
  .strict();

export const contentChangesQuery = z.object({ compat: queryBoolean.default('true') });
