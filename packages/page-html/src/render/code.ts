import type { Element } from 'hast';
import { highlight } from '../engine/highlighter';
import { el, text } from './hast';
import { MAX_HIGHLIGHT, type RenderState } from './render-state';

// Code as the page shows it, for the document's code blocks and the samples of OpenAPI blocks alike.

/** Names shown on a code block for its language; any other language is shown as written. */
const LANGUAGE_NAMES: Record<string, string> = {
  bash: 'Bash',
  c: 'C',
  cpp: 'C++',
  csharp: 'C#',
  css: 'CSS',
  go: 'Go',
  graphql: 'GraphQL',
  html: 'HTML',
  java: 'Java',
  javascript: 'JavaScript',
  js: 'JavaScript',
  json: 'JSON',
  kotlin: 'Kotlin',
  markdown: 'Markdown',
  php: 'PHP',
  python: 'Python',
  py: 'Python',
  ruby: 'Ruby',
  rust: 'Rust',
  sh: 'Shell',
  shell: 'Shell',
  sql: 'SQL',
  swift: 'Swift',
  ts: 'TypeScript',
  typescript: 'TypeScript',
  xml: 'XML',
  yaml: 'YAML',
  yml: 'YAML',
};

/**
 * A code block: a header (its title, its language) above `<pre><code class="language-x">`,
 * highlighted when the language is known. The reader's script adds a copy button to the header.
 */
export function codeBlock(state: RenderState, syntaxName: string, source: string, title?: string): Element {
  const syntax = syntaxName.toLowerCase().trim();
  const language = /^[a-z0-9+#_-]{1,40}$/.test(syntax) ? syntax : '';
  const highlighted = language && source.length <= MAX_HIGHLIGHT ? highlight(state.tools, language, source) : undefined;
  const className = language ? [...(highlighted ? ['hljs'] : []), `language-${language}`] : undefined;
  // A long line scrolls the block sideways: it takes the focus so the keyboard can scroll it (WCAG 2.1.1).
  const pre = el('pre', { tabIndex: 0 }, [el('code', { className }, highlighted ?? [text(source)])]);
  const header = el('div', { className: ['code-header'] }, [
    ...(title ? [el('span', { className: ['code-title'] }, [text(title)])] : []),
    ...(language ? [el('span', { className: ['code-language'] }, [text(LANGUAGE_NAMES[language] ?? language)])] : []),
  ]);
  return el('div', { className: ['code-block'] }, [header, pre]);
}
