// A search snippet that starts where a sentence starts. PostgreSQL's ts_headline cuts a window of
// words around the best match, usually mid-sentence ("replicas the autoscaler keeps. **Scaling**…"
// or "of the cluster, **scaling** up…"); a reader (or a model) reads a snippet better from the start
// of the sentence that holds the match. Pure.

/** The lead (body text just before the snippet) is read at most this long: a longer sentence keeps its cut. */
export const SNIPPET_LEAD_CHARS = 240;

/** A sentence ends at `.`, `!` or `?` (and a closing quote or bracket) followed by whitespace. */
const SENTENCE_END = /[.!?]["'”’)\]]?\s+/g;

/** Where the last sentence boundary of `text` ends (the next sentence's start), or -1. */
function lastSentenceStart(text: string): number {
  let start = -1;
  for (const match of text.matchAll(SENTENCE_END)) start = (match.index ?? 0) + match[0].length;
  return start;
}

/**
 * The snippet (matches marked `**`) from the start of the sentence holding its first match:
 * - a sentence that starts inside the snippet before the match: the snippet from there;
 * - else the sentence's start in `lead` (the section's text just before the snippet, '' when the
 *   snippet starts the section): that part of the lead, then the snippet;
 * - else (the sentence started further back than the lead reaches) `…` and the snippet.
 */
export function snippetFromSentenceStart(snippet: string, lead: string): string {
  const firstMatch = snippet.indexOf('**');
  const inside = lastSentenceStart(snippet.slice(0, firstMatch < 0 ? snippet.length : firstMatch));
  if (inside > 0) return snippet.slice(inside);
  if (!lead || /[.!?]["'”’)\]]?\s*$/.test(lead)) return snippet;
  const before = lastSentenceStart(lead);
  if (before >= 0) return `${lead.slice(before)}${snippet}`;
  return lead.length < SNIPPET_LEAD_CHARS ? `${lead}${snippet}` : `…${snippet}`;
}
