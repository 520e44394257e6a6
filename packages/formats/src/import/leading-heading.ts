import { markdownParser, type Token } from '../document/markdown-parser';
import { clip } from './names';

// GitBook shows a page's title above its body, so an imported page whose body opens with its
// title as a heading would show it twice: the opening heading becomes the title instead.

export interface TitledMarkdown {
  /** The text of the first heading anywhere in the body (before any removal), if there is one. */
  firstHeading: string | undefined;
  /** The body without its opening heading when the body opens with one. */
  body: string;
  /** Whether that opening heading was removed. */
  hasRemovedHeading: boolean;
}

export function splitLeadingHeading(markdown: string): TitledMarkdown {
  const tokens = markdownParser().parse(markdown, {});
  const index = tokens.findIndex((t) => t.type === 'heading_open');
  if (index < 0) return { firstHeading: undefined, body: markdown, hasRemovedHeading: false };
  const firstHeading = clip(inlineText(tokens[index + 1]).trim()) || undefined;
  const heading = tokens[index]!;
  if (index !== 0 || !heading.map || !firstHeading) return { firstHeading, body: markdown, hasRemovedHeading: false };
  const lines = markdown.split('\n');
  const body = lines
    .slice(heading.map[1])
    .join('\n')
    .replace(/^\s*\n/, '');
  return { firstHeading, body, hasRemovedHeading: true };
}

/** Removes the opening heading only when it says what the title says (HTML pages titled by <title>). */
export function withoutRepeatedTitle(markdown: string, title: string): string {
  const split = splitLeadingHeading(markdown);
  return split.hasRemovedHeading && split.firstHeading === title ? split.body : markdown;
}

function inlineText(token: Token | undefined): string {
  if (!token?.children) return token?.content ?? '';
  return token.children
    .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : child.type === 'softbreak' ? ' ' : ''))
    .join('');
}
