import MarkdownIt from 'markdown-it';
import { splitGitBookTags, type Segment } from '../document/gitbook-tags';
import { fontRuns } from './pdf-fonts';
import { PDF_LIMITS } from './pdf-limits';
import type { Content, ContentStack, ContentText, TableCell, TableLayout } from './pdfmake-engine';

// A page's markdown (GFM plus GitBook's block tags) as pdfmake content. The JSON document
// converter (markdown-to-document.ts) fits GitBook's node model; this one only has to be readable
// on paper, so every construct becomes text, a list, a table or a box, and nothing is dropped.

/** An image the body shows: filled in once its bytes are resolved, else it keeps its alt text. */
export interface ImageSlot {
  target: string;
  /** `stack[0]` is the alt text until the image replaces it. */
  slot: ContentStack & { stack: Content[] };
}

// markdown-it's commonmark preset caps nesting at 20 levels: deeper lines are left out, so a
// body of 10,000 nested lists parses in linear time and bounded depth.
const parser = new MarkdownIt('commonmark', { html: true }).enable(['table', 'strikethrough']);
type Token = ReturnType<MarkdownIt['parse']>[number];

/** GitBook tags nested deeper than this are laid out flat (their inner text, no boxes). */
const MAX_TAG_DEPTH = 8;
const HEADING_SIZES = [18, 16, 14, 12, 11, 11];
const HINT_COLORS: Record<string, { bar: string; fill: string; label: string }> = {
  info: { bar: '#3b82f6', fill: '#eff6ff', label: 'Info' },
  warning: { bar: '#f59e0b', fill: '#fffbeb', label: 'Warning' },
  danger: { bar: '#ef4444', fill: '#fef2f2', label: 'Danger' },
  success: { bar: '#22c55e', fill: '#f0fdf4', label: 'Success' },
};
const GRID: TableLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => '#bbbbbb',
  vLineColor: () => '#bbbbbb',
};

interface Marks {
  bold: boolean;
  italics: boolean;
  strike: boolean;
  code: boolean;
  link?: string;
}

/** Blocks of pdfmake content for a body, and the images it asks for. */
export function markdownToPdf(markdown: string): { content: Content[]; images: ImageSlot[] } {
  const converter = new Converter();
  const content = converter.segments(splitGitBookTags(markdown), 0);
  return { content, images: converter.images };
}

/** Inline text in `primary` font (CJK falls back), with the marks given. */
export function styledText(text: string, marks: Partial<Marks> = {}, primary: 'Sans' | 'Mono' = 'Sans'): ContentText[] {
  return fontRuns(text, marks.code ? 'Mono' : primary).map((run) => ({
    text: run.text,
    font: run.font,
    ...(marks.bold ? { bold: true } : {}),
    ...(marks.italics ? { italics: true } : {}),
    ...(marks.strike ? { decoration: 'lineThrough' as const } : {}),
    ...(marks.code ? { background: '#eeeeee', fontSize: 9 } : {}),
    ...(marks.link ? { link: marks.link, color: '#1d4ed8' } : {}),
  }));
}

/** Text with no word longer than the cap (pdfmake splits overlong words glyph by glyph, slowly). */
function capWords(text: string): string {
  return text.length <= PDF_LIMITS.lineChars
    ? text
    : text.replace(new RegExp(`\\S{${PDF_LIMITS.lineChars + 1},}`, 'g'), (w) => `${w.slice(0, PDF_LIMITS.lineChars)}…`);
}

/** Only links a reader's viewer can open; relative targets point into the source tree, not the PDF. */
function linkOf(href: string): string | undefined {
  return /^(https?:|mailto:)/i.test(href.trim()) ? href.trim() : undefined;
}

function boxed(content: Content[], colors: { bar: string; fill?: string }): Content {
  return {
    table: { widths: ['*'], body: [[{ stack: content.length ? content : [''] }]] },
    layout: {
      hLineWidth: () => 0,
      vLineWidth: (i) => (i === 0 ? 3 : 0),
      vLineColor: () => colors.bar,
      paddingLeft: () => 10,
      paddingTop: () => 4,
      paddingBottom: () => 4,
      fillColor: () => colors.fill ?? null,
    },
    margin: [0, 2, 0, 8],
  };
}

class Converter {
  readonly images: ImageSlot[] = [];

  segments(segments: Segment[], depth: number): Content[] {
    return segments.flatMap((s) => (s.kind === 'markdown' ? this.markdown(s.text) : this.tag(s, depth)));
  }

  private markdown(text: string): Content[] {
    const tokens = parser.parse(text, {});
    return this.blocks(tokens, 0, tokens.length);
  }

  private tag(tag: Extract<Segment, { kind: 'tag' }>, depth: number): Content[] {
    if (depth >= MAX_TAG_DEPTH) return this.markdown(flatText(tag.children));
    const inner = () => this.segments(tag.children, depth + 1);
    const label = (text: string): Content => ({ text: styledText(text, { bold: true }), margin: [0, 2, 0, 4] });
    switch (tag.name) {
      case 'hint': {
        const style = HINT_COLORS[tag.attrs.style ?? ''] ?? (HINT_COLORS.info as { bar: string; fill: string; label: string });
        return [boxed([label(style.label), ...inner()], style)];
      }
      case 'tabs':
      case 'stepper':
        return inner();
      case 'tab':
        return [label(tag.attrs.title ?? 'Tab'), boxed(inner(), { bar: '#d4d4d4' })];
      case 'step':
        return [boxed(inner(), { bar: '#a3a3a3' })];
      case 'code':
        return [...(tag.attrs.title ? [label(tag.attrs.title)] : []), ...inner()];
      case 'details':
        return [label(stripTags(tag.attrs.summary ?? 'Details')), boxed(inner(), { bar: '#d4d4d4' })];
      case 'embed':
      case 'content-ref': {
        const url = tag.attrs.url ?? '';
        return [...(url ? [{ text: styledText(url, { link: linkOf(url) }), margin: [0, 0, 0, 6] } as Content] : []), ...inner()];
      }
      default:
        // file, include, swagger: their attributes as text, then what they wrap.
        return [
          ...(Object.values(tag.attrs).length ? [{ text: styledText(Object.values(tag.attrs).join(' ')), margin: [0, 0, 0, 6] } as Content] : []),
          ...inner(),
        ];
    }
  }

  /** Block tokens [from, to) as content. */
  private blocks(tokens: Token[], from: number, to: number): Content[] {
    const out: Content[] = [];
    for (let i = from; i < to; i++) {
      const token = tokens[i] as Token;
      if (token.nesting === 1) {
        const end = closing(tokens, i);
        out.push(...this.container(tokens, i, end));
        i = end;
      } else if (token.type === 'fence' || token.type === 'code_block') {
        out.push(this.code(token.content));
      } else if (token.type === 'hr') {
        out.push({ canvas: [{ type: 'line', x1: 0, y1: 0, x2: 495, y2: 0, lineWidth: 0.5, lineColor: '#bbbbbb' }], margin: [0, 4, 0, 8] });
      } else if (token.type === 'html_block') {
        const text = stripTags(token.content).trim();
        if (text) out.push({ text: styledText(capWords(text)), margin: [0, 0, 0, 6] });
      }
    }
    return out;
  }

  private container(tokens: Token[], open: number, close: number): Content[] {
    const token = tokens[open] as Token;
    switch (token.type) {
      case 'paragraph_open':
        return this.paragraph(tokens[open + 1] as Token);
      case 'heading_open': {
        const level = Number(token.tag.slice(1));
        const { runs, images } = this.inlines((tokens[open + 1] as Token).children ?? []);
        return [{ text: runs.length ? runs : '', fontSize: HEADING_SIZES[level - 1] ?? 11, bold: true, margin: [0, 8, 0, 4] }, ...images];
      }
      case 'blockquote_open':
        return [boxed(this.blocks(tokens, open + 1, close), { bar: '#d4d4d4' })];
      case 'bullet_list_open':
      case 'ordered_list_open':
        return [this.list(tokens, open, close)];
      case 'table_open':
        return [this.table(tokens, open, close)];
      default:
        return this.blocks(tokens, open + 1, close);
    }
  }

  private code(source: string): Content {
    const lines = source
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => (line.length > PDF_LIMITS.lineChars ? `${line.slice(0, PDF_LIMITS.lineChars)}…` : line));
    const pieces: string[][] = [[]];
    let size = 0;
    for (const line of lines) {
      if (size + line.length > PDF_LIMITS.blockChars && (pieces[pieces.length - 1] as string[]).length) {
        pieces.push([]);
        size = 0;
      }
      (pieces[pieces.length - 1] as string[]).push(line);
      size += line.length + 1;
    }
    return {
      table: {
        widths: ['*'],
        body: pieces.map((piece) => [{ text: styledText(piece.join('\n'), {}, 'Mono'), fontSize: 9, preserveLeadingSpaces: true }]),
      },
      layout: {
        hLineWidth: () => 0,
        vLineWidth: () => 0,
        fillColor: () => '#f4f4f4',
        paddingLeft: () => 6,
        paddingTop: (i) => (i ? 0 : 4),
        paddingBottom: (i) => (i === pieces.length - 1 ? 4 : 0),
      },
      margin: [0, 2, 0, 8],
    };
  }

  private list(tokens: Token[], open: number, close: number): Content {
    const ordered = tokens[open]?.type === 'ordered_list_open';
    const items: Content[][] = [];
    for (let i = open + 1; i < close; i++) {
      if (tokens[i]?.type !== 'list_item_open') continue;
      const end = closing(tokens, i);
      items.push(this.blocks(tokens, i + 1, end));
      i = end;
    }
    const stacks = items.map((blocks): Content => ({ stack: blocks.length ? blocks : [''] }));
    // A task list (`- [ ] todo`) keeps its `[ ]` / `[x]` as text: no bullet in front of it.
    const isTasks = !ordered && items.length > 0 && items.every((blocks) => /^\[( |x|X)\]\s/.test(firstText(blocks)));
    if (ordered) return { ol: stacks, start: Number(tokens[open]?.attrGet('start') ?? 1), margin: [0, 0, 0, 6] };
    return { ul: stacks, ...(isTasks ? { type: 'none' as const } : {}), margin: [0, 0, 0, 6] };
  }

  private table(tokens: Token[], open: number, close: number): Content {
    const rows: { cells: Token[]; isHeader: boolean }[] = [];
    let isHeader = false;
    for (let i = open; i < close; i++) {
      const t = tokens[i] as Token;
      if (t.type === 'thead_open') isHeader = true;
      if (t.type === 'thead_close') isHeader = false;
      if (t.type === 'tr_open') rows.push({ cells: [], isHeader });
      if (t.type === 'th_open' || t.type === 'td_open') rows[rows.length - 1]?.cells.push(tokens[i + 1] as Token);
    }
    const width = Math.min(Math.max(1, ...rows.map((r) => r.cells.length)), PDF_LIMITS.tableColumns);
    const kept = rows.slice(0, PDF_LIMITS.tableRows);
    const body: TableCell[][] = kept.map((row) =>
      Array.from({ length: width }, (_, c): TableCell => {
        const cell = row.cells[c];
        const runs = cell ? this.inlines(cell.children ?? []).runs : [];
        return { text: runs.length ? runs : '', ...(row.isHeader ? { bold: true, fillColor: '#f4f4f4' } : {}) };
      }),
    );
    const cut = rows.length > kept.length || rows.some((r) => r.cells.length > width);
    return {
      stack: [
        { table: { headerRows: kept[0]?.isHeader ? 1 : 0, widths: Array<'*'>(width).fill('*'), body }, layout: GRID, fontSize: 9 },
        ...(cut ? [note(`Table cut to ${PDF_LIMITS.tableRows} rows and ${PDF_LIMITS.tableColumns} columns.`)] : []),
      ],
      margin: [0, 2, 0, 8],
    };
  }

  /** A paragraph's text, then its images (inline images are laid out as blocks below it). */
  private paragraph(inline: Token): Content[] {
    const { runs, images } = this.inlines(inline.children ?? []);
    const hasText = runs.some((r) => typeof r.text === 'string' && r.text.trim() !== '');
    if (!hasText) return images;
    const pieces = inPieces(runs);
    return [...pieces.map((piece, i): Content => ({ text: piece, margin: [0, 0, 0, i === pieces.length - 1 ? 6 : 0] })), ...images];
  }

  private inlines(children: Token[]): { runs: ContentText[]; images: Content[] } {
    const runs: ContentText[] = [];
    const images: Content[] = [];
    const marks: Marks = { bold: false, italics: false, strike: false, code: false };
    const links: (string | undefined)[] = [];
    const push = (text: string, extra: Partial<Marks> = {}) => {
      if (text) runs.push(...styledText(capWords(text), { ...marks, ...extra, link: links[links.length - 1] }));
    };
    for (const token of children) {
      switch (token.type) {
        case 'text':
          push(token.content);
          break;
        case 'softbreak':
          push(' ');
          break;
        case 'hardbreak':
          push('\n');
          break;
        case 'code_inline':
          push(token.content, { code: true });
          break;
        case 'strong_open':
        case 'strong_close':
          marks.bold = token.nesting === 1;
          break;
        case 'em_open':
        case 'em_close':
          marks.italics = token.nesting === 1;
          break;
        case 's_open':
        case 's_close':
          marks.strike = token.nesting === 1;
          break;
        case 'link_open':
          links.push(linkOf(token.attrGet('href') ?? ''));
          break;
        case 'link_close':
          links.pop();
          break;
        case 'image':
          images.push(this.image(token.attrGet('src') ?? '', token.content));
          break;
        case 'html_inline':
          if (/^<br\s*\/?>$/i.test(token.content)) push('\n');
          break;
        default:
          if (token.content) push(token.content);
      }
    }
    return { runs, images };
  }

  private image(target: string, alt: string): Content {
    const slot = {
      stack: [{ text: styledText(`[image: ${alt || target}]`, { italics: true }), color: '#666666' } as Content],
      margin: [0, 2, 0, 8] as [number, number, number, number],
    };
    this.images.push({ target, slot });
    return slot;
  }
}

/** Runs in pieces of at most `blockChars` characters, cut after a space where one is near. */
function inPieces(runs: ContentText[]): ContentText[][] {
  const pieces: ContentText[][] = [[]];
  let room = PDF_LIMITS.blockChars;
  for (const run of runs) {
    let text = typeof run.text === 'string' ? run.text : '';
    while (text.length > room) {
      const space = text.lastIndexOf(' ', room);
      const cut = space > room / 2 ? space + 1 : room;
      if (cut > 0) (pieces[pieces.length - 1] as ContentText[]).push({ ...run, text: text.slice(0, cut) });
      text = text.slice(cut);
      pieces.push([]);
      room = PDF_LIMITS.blockChars;
    }
    if (text) (pieces[pieces.length - 1] as ContentText[]).push({ ...run, text });
    room -= text.length;
  }
  return pieces.filter((piece) => piece.length);
}

function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    depth += (tokens[i] as Token).nesting;
    if (depth === 0) return i;
  }
  return tokens.length - 1;
}

/** The text of the first text run in some blocks ('' when none). */
function firstText(blocks: Content[]): string {
  const first = blocks[0];
  if (!first || typeof first !== 'object' || !('text' in first)) return '';
  const text = first.text;
  if (typeof text === 'string') return text;
  const run = Array.isArray(text) ? (text[0] as Content | undefined) : undefined;
  return run && typeof run === 'object' && 'text' in run && typeof run.text === 'string' ? run.text : '';
}

/** All the markdown inside some segments, tags left out, without recursion (depth is unbounded). */
function flatText(segments: Segment[]): string {
  const texts: string[] = [];
  const pending: Segment[] = [...segments].reverse();
  for (let segment = pending.pop(); segment; segment = pending.pop()) {
    if (segment.kind === 'markdown') texts.push(segment.text);
    else pending.push(...[...segment.children].reverse());
  }
  return texts.join('\n\n');
}

export function note(text: string): Content {
  return { text: styledText(text, { italics: true }), color: '#666666', fontSize: 9, margin: [0, 4, 0, 4] };
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}
