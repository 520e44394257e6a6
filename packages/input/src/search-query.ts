import { z } from 'zod';
import { codePointLength } from './validation';

// A published site's search query (web-search syntax: words, "phrases", -negations, OR): one rule
// for the published-content API's site search and the reader's `~search` and MCP search, which all
// reach the same index. Every word costs the index a lookup, and a negation one that matches most
// sections, so a query of many words or negations ties up the database for most of a second; a
// query of at most this many words of this length answers in milliseconds on a 2,000-page site.

export const SEARCH_QUERY_LIMITS = { codePoints: 256, terms: 32 } as const;

// A lone surrogate is no character: no index holds it, and it would reach the database as U+FFFD.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// What the text search parser turns into lexemes: runs of letters and digits.
const TERM = /[\p{L}\p{N}]+/gu;

/** How many terms a query asks the index for: each word, a phrase's and a negated one included. */
export function searchTermCount(query: string): number {
  let terms = 0;
  for (const _ of query.matchAll(TERM)) terms++;
  return terms;
}

/** Why a site search query is refused (a sentence for "Invalid … field "query": …"), or null. */
export function searchQueryProblem(query: string): string | null {
  if (query.trim().length === 0) return 'must not be blank';
  if (codePointLength(query) > SEARCH_QUERY_LIMITS.codePoints) return `must be at most ${SEARCH_QUERY_LIMITS.codePoints} characters`;
  if (LONE_SURROGATE.test(query)) return 'must be well-formed Unicode (no lone surrogate)';
  const terms = searchTermCount(query);
  if (terms > SEARCH_QUERY_LIMITS.terms)
    return `must have at most ${SEARCH_QUERY_LIMITS.terms} terms (each word counts, in a phrase or negated too), not ${terms}`;
  return null;
}

/** The schema of a site search query: 1–256 code points, at most 32 terms, something besides blanks. */
export const siteSearchQueryText = z.string().superRefine((query, ctx) => {
  const problem = searchQueryProblem(query);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
