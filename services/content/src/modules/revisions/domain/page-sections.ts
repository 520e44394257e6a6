import { anchorOf, markdownParser, stripTags, type MarkdownToken as Token } from '@quire/formats';
import type { PageSection } from '../model/page-section';

// What search indexes of a page: the page's title and description as its first
// section, then one section per heading whose body is the text up to the next heading. Bodies are
// markdown reduced to text, so snippets show words, not syntax.

/** A section's indexed body is capped: PostgreSQL positions stop at 16,383 and snippets need no more. */
export const MAX_SECTION_TEXT = 60_000;

// GitBook's block tags (`{% hint style="info" %}`, `{% endhint %}`) carry no words to find.
const GITBOOK_TAG = /\{%[^%]*%\}/g;

export function pageSections(page: { title: string; description?: string }, markdown: string): PageSection[] {
  const sections: PageSection[] = [{ position: 0, anchor: '', heading: '', body: page.description ?? '' }];
  let current = sections[0] as PageSection;
  const parts: string[] = [];
  const close = () => {
    current.body = [current.body, ...parts].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim().slice(0, MAX_SECTION_TEXT);
    parts.length = 0;
  };
  const tokens = markdownParser(['table', 'strikethrough']).parse(markdown.replace(GITBOOK_TAG, ' '), {});
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.type === 'heading_open') {
      close();
      const heading = inlineText(tokens[i + 1]);
      current = { position: sections.length, anchor: anchorOf(heading), heading, body: '' };
      sections.push(current);
      i += 2; // the heading's inline and close tokens
    } else if (token.type === 'inline') {
      parts.push(inlineText(token));
    } else if (token.type === 'fence' || token.type === 'code_block') {
      parts.push(token.content);
    } else if (token.type === 'html_block') {
      parts.push(stripTags(token.content, ' '));
    }
  }
  close();
  return sections;
}

function inlineText(token: Token | undefined): string {
  if (!token?.children) return token?.content ?? '';
  return token.children
    .map((child) => {
      if (child.type === 'text' || child.type === 'code_inline') return child.content;
      if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
      if (child.type === 'image') return child.content; // its alt text
      return '';
    })
    .join('')
    .trim();
}
