import type MarkdownIt from 'markdown-it';

// markdown-it costs ~20 ms to load, and most processes (and most requests) never parse markdown:
// it is required on the first parse, not at start (`npm run bench -- embedded`).
let markdownIt: typeof MarkdownIt | undefined;
const parsers = new Map<string, MarkdownIt>();

export type MarkdownRule = 'table' | 'strikethrough';
export type Token = ReturnType<MarkdownIt['parse']>[number];

/** A CommonMark parser that keeps raw HTML, with `rules` enabled; one per set of rules, built on first use. */
export function markdownParser(rules: readonly MarkdownRule[] = []): MarkdownIt {
  const key = [...rules].sort().join(',');
  let parser = parsers.get(key);
  if (!parser) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (see above)
    markdownIt ??= require('markdown-it') as typeof MarkdownIt;
    parser = new markdownIt('commonmark', { html: true });
    if (rules.length) parser.enable([...rules]);
    parsers.set(key, parser);
  }
  return parser;
}
