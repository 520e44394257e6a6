import { text } from '@quire/input';

// A site search's query, one rule for REST's body and the reader's gRPC call (SearchPublishedSite).

// A lone surrogate is no character: no index holds it, and it would reach the database as U+FFFD.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Web-search syntax as space search, 1–512 code points (astral characters count one), something besides blanks. */
export const siteSearchQueryText = text({ min: 1, max: 512 })
  .refine((q) => !LONE_SURROGATE.test(q), 'must be well-formed Unicode (no lone surrogate)')
  .refine((q) => q.trim().length > 0, 'must not be blank');
