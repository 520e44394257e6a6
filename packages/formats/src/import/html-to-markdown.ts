import type { DominoElement } from '@mixmark-io/domino';
import type TurndownService from 'turndown';
import { parseHtmlDocument } from './html-document';
import { htmlNestingDepth, MAX_HTML_DEPTH } from './html-depth';
import { ImportRefused } from './imported-content';

// HTML (a web page, mammoth's rendering of a .docx) as GFM markdown: the page's main content only,
// its chrome (navigation, header, footer, scripts, forms) dropped, tables as pipe tables.

export interface ConvertedHtml {
  /** The document's `<title>`, else its first heading. */
  title: string | undefined;
  markdown: string;
}

const CHROME =
  'script, style, noscript, template, nav, header, footer, aside, form, iframe, [role="navigation"], [role="banner"], [role="contentinfo"], [aria-hidden="true"]';
const MAIN = 'main, [role="main"], article';

let converter: TurndownService | undefined;

// Built by the first conversion, not at import: turndown loads domino, which costs a process
// ~50 ms of CPU, and an embedded start would pay it for an import it may never run.
function loadConverter(): TurndownService {
  if (converter) return converter;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  const Turndown = require('turndown') as typeof TurndownService;
  const turndown = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*', strongDelimiter: '**' });
  turndown.addRule('strikethrough', { filter: ['del', 's'], replacement: (content) => `~~${content}~~` });
  turndown.addRule('fencedCodeWithLanguage', {
    filter: (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName === 'CODE',
    replacement: (_content, node) => {
      const code = node.firstChild as unknown as DominoElement;
      const language = /(?:lang|language)-([\w+-]+)/.exec(code.getAttribute('class') ?? '')?.[1] ?? '';
      const text = (code.textContent ?? '').replace(/\n$/, '');
      const fence = text.includes('```') ? '~~~~' : '```';
      return `\n\n${fence}${language}\n${text}\n${fence}\n\n`;
    },
  });
  turndown.addRule('table', {
    filter: 'table',
    replacement: (_content, node) => `\n\n${tableToMarkdown(node as unknown as DominoElement)}\n\n`,
  });
  return (converter = turndown);
}

/** One cell's inline markdown on one line (pipes escaped, line breaks as <br>). */
function cellMarkdown(cell: DominoElement): string {
  return loadConverter().turndown(cell.innerHTML).replace(/\n+/g, '<br>').replace(/\|/g, '\\|').trim();
}

/** A pipe table; a table without a header row gets an empty one (GFM needs a header). */
function tableToMarkdown(table: DominoElement): string {
  const rows = Array.from(table.querySelectorAll('tr')).map((row) => Array.from(row.children).filter((c) => c.nodeName === 'TD' || c.nodeName === 'TH'));
  if (!rows.length) return '';
  const width = Math.max(...rows.map((r) => r.length), 1);
  const hasHeader = rows[0]?.every((cell) => cell.nodeName === 'TH') ?? false;
  const body = hasHeader ? rows.slice(1) : rows;
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  return [line(hasHeader ? (rows[0] ?? []).map(cellMarkdown) : []), `|${' --- |'.repeat(width)}`, ...body.map((r) => line(r.map(cellMarkdown)))].join('\n');
}

export function htmlToMarkdown(html: string): ConvertedHtml {
  // Checked before parsing: parse time grows with nesting and turndown recurses once per level.
  if (htmlNestingDepth(html) > MAX_HTML_DEPTH) throw new ImportRefused(`the HTML nests elements more than ${MAX_HTML_DEPTH} deep`);
  const document = parseHtmlDocument(html);
  const titleText = document.title.trim();
  for (const chrome of Array.from(document.querySelectorAll(CHROME))) chrome.remove();
  const main: DominoElement = document.querySelector(MAIN) ?? document.body ?? document.documentElement;
  const heading = main.querySelector('h1, h2, h3')?.textContent?.trim();
  const markdown = loadConverter().turndown(main.innerHTML).trim();
  return { title: titleText || heading || undefined, markdown };
}
