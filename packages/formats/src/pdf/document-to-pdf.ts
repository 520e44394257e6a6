import { plainText, textNode, type ContentRef, type DocumentBlock, type InlineContent, type JSONDocument, type MarkType } from '../document/document-nodes';
import { fontRuns } from './pdf-fonts';
import { PDF_LIMITS } from './pdf-limits';
import type { Content, ContentStack, ContentText, TableCell, TableLayout } from './pdfmake-engine';

// A page's JSONDocument (markdownToDocument with `fit: false`: blocks where the markdown nests
// them) as pdfmake content. The document is GitBook's node model; paper only has to be readable,
// so every block becomes text, a list, a table or a box, and nothing is dropped.

/** An image the body shows: filled in once its bytes are resolved, else it keeps its alt text. */
export interface ImageSlot {
  target: string;
  /** `stack[0]` is the alt text until the image replaces it. */
  slot: ContentStack & { stack: Content[] };
}

/** Boxes (quotes, hints, tabs, steps, details) nested deeper than this are laid out flat: their blocks, no frame. */
const MAX_BOX_DEPTH = 8;
const HEADING_SIZES: Record<string, number> = { 'heading-1': 18, 'heading-2': 16, 'heading-3': 14 };
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

/** The table data markdownToDocument writes (a grid view, one text column per header cell). */
interface TableData {
  view?: { columns?: string[] };
  definition?: Record<string, { title?: string }>;
  records?: Record<string, { orderIndex: string; values: Record<string, string> }>;
}

/** Blocks of pdfmake content for a body, and the images it asks for. */
export function documentToPdf(document: JSONDocument): { content: Content[]; images: ImageSlot[] } {
  const layout = new Layout();
  const content = layout.blocks(document.nodes, 0);
  return { content, images: layout.images };
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

/** The target a reference was written as (markdownToDocument's default resolver keeps every target a URL). */
function targetOf(ref: unknown): string {
  const known = ref as ContentRef | undefined;
  switch (known?.kind) {
    case 'url':
      return known.url;
    case 'page':
      return known.page;
    case 'anchor':
      return `#${known.anchor}`;
    case 'file':
      return known.file;
    default:
      return '';
  }
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

const label = (text: string): Content => ({ text: styledText(text, { bold: true }), margin: [0, 2, 0, 4] });

const childBlocks = (block: DocumentBlock): DocumentBlock[] => (block.nodes ?? []).filter((n): n is DocumentBlock => n.object === 'block');
const inlineNodes = (block: DocumentBlock): InlineContent[] => (block.nodes ?? []).filter((n): n is InlineContent => n.object !== 'block');

class Layout {
  readonly images: ImageSlot[] = [];

  /** `depth`: how many boxes enclose these blocks. */
  blocks(blocks: DocumentBlock[], depth: number): Content[] {
    return blocks.flatMap((block) => this.block(block, depth));
  }

  /** Blocks in a frame, or flat once frames nest too deep for a page's width. */
  private box(blocks: DocumentBlock[], depth: number, colors: { bar: string; fill?: string }, heading: Content[] = []): Content[] {
    if (depth >= MAX_BOX_DEPTH) return [...heading, ...this.blocks(blocks, depth)];
    return [boxed([...heading, ...this.blocks(blocks, depth + 1)], colors)];
  }

  private block(block: DocumentBlock, depth: number): Content[] {
    const data = block.data ?? {};
    switch (block.type) {
      case 'paragraph':
        return this.paragraph(inlineNodes(block));
      case 'heading-1':
      case 'heading-2':
      case 'heading-3': {
        const { runs, images } = this.inlines(inlineNodes(block));
        return [{ text: runs.length ? runs : '', fontSize: HEADING_SIZES[block.type], bold: true, margin: [0, 8, 0, 4] }, ...images];
      }
      case 'blockquote':
        return this.box(childBlocks(block), depth, { bar: '#d4d4d4' });
      case 'hint': {
        const style = HINT_COLORS[typeof data.style === 'string' ? data.style : ''] ?? (HINT_COLORS.info as { bar: string; fill: string; label: string });
        return this.box(childBlocks(block), depth, style, [label(style.label)]);
      }
      case 'tabs-item':
        return [label((typeof data.title === 'string' && data.title) || 'Tab'), ...this.box(childBlocks(block), depth, { bar: '#d4d4d4' })];
      case 'stepper-step':
        return this.box(childBlocks(block), depth, { bar: '#a3a3a3' });
      case 'expandable': {
        const title = block.fragments?.find((f) => f.fragment === 'expandable-title');
        const body = block.fragments?.find((f) => f.fragment === 'expandable-body');
        return [label(title ? plainText(title) : 'Details'), ...this.box(body?.nodes ?? [], depth, { bar: '#d4d4d4' })];
      }
      case 'code': {
        const title = typeof data.title === 'string' ? data.title : '';
        return [...(title ? [label(title)] : []), this.code(childBlocks(block).map((line) => plainText(line)))];
      }
      case 'divider':
        return [{ canvas: [{ type: 'line', x1: 0, y1: 0, x2: 495, y2: 0, lineWidth: 0.5, lineColor: '#bbbbbb' }], margin: [0, 4, 0, 8] }];
      case 'embed':
      case 'content-ref': {
        const url = block.type === 'embed' ? (typeof data.url === 'string' ? data.url : '') : targetOf(data.ref);
        return url ? [{ text: styledText(url, { link: linkOf(url) }), margin: [0, 0, 0, 6] }] : [];
      }
      case 'list-ordered':
      case 'list-unordered':
      case 'list-tasks':
        return [this.list(block, depth)];
      case 'table':
        return [this.table(block)];
      case 'images':
        return childBlocks(block).flatMap((image) => this.block(image, depth));
      case 'image':
        return [this.image(targetOf(data.ref), typeof data.alt === 'string' ? data.alt : '')];
      default: {
        // tabs, stepper, list items and anything else: their blocks, or their text.
        const children = childBlocks(block);
        if (children.length) return this.blocks(children, depth);
        const text = plainText(block);
        return text ? [{ text: styledText(capWords(text)), margin: [0, 0, 0, 6] }] : [];
      }
    }
  }

  private code(source: string[]): Content {
    const lines = source.map((line) => (line.length > PDF_LIMITS.lineChars ? `${line.slice(0, PDF_LIMITS.lineChars)}…` : line));
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

  private list(list: DocumentBlock, depth: number): Content {
    const isTasks = list.type === 'list-tasks';
    const stacks = childBlocks(list).map((item): Content => {
      const blocks = this.blocks(isTasks ? withTaskMarker(item) : childBlocks(item), depth);
      return { stack: blocks.length ? blocks : [''] };
    });
    if (list.type === 'list-ordered') return { ol: stacks, start: Number(list.data?.start ?? 1), margin: [0, 0, 0, 6] };
    // A task list keeps its `[ ]` / `[x]` as text: no bullet in front of it.
    return { ul: stacks, ...(isTasks ? { type: 'none' as const } : {}), margin: [0, 0, 0, 6] };
  }

  private table(table: DocumentBlock): Content {
    const data = (table.data ?? {}) as TableData;
    const columns = data.view?.columns ?? [];
    const width = Math.min(Math.max(1, columns.length), PDF_LIMITS.tableColumns);
    const shown = columns.slice(0, width);
    const fragments = new Map((table.fragments ?? []).map((f) => [f.fragment, f.nodes]));
    const records = Object.values(data.records ?? {}).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
    const header: TableCell[] = Array.from({ length: width }, (_, c): TableCell => {
      const title = data.definition?.[shown[c] ?? '']?.title ?? '';
      return { text: title ? styledText(capWords(title)) : '', bold: true, fillColor: '#f4f4f4' };
    });
    const rows = records.slice(0, PDF_LIMITS.tableRows - 1).map((record) =>
      Array.from({ length: width }, (_, c): TableCell => {
        const cell = fragments.get(record.values[shown[c] ?? ''] ?? '') ?? [];
        const runs = cell.flatMap((block) => (block.type === 'paragraph' ? this.inlines(inlineNodes(block), false).runs : []));
        return { text: runs.length ? runs : '' };
      }),
    );
    const cut = records.length > rows.length || columns.length > width;
    return {
      stack: [
        { table: { headerRows: 1, widths: Array<'*'>(width).fill('*'), body: [header, ...rows] }, layout: GRID, fontSize: 9 },
        ...(cut ? [note(`Table cut to ${PDF_LIMITS.tableRows} rows and ${PDF_LIMITS.tableColumns} columns.`)] : []),
      ],
      margin: [0, 2, 0, 8],
    };
  }

  /** A paragraph's text, then its images (inline images are laid out as blocks below it). */
  private paragraph(nodes: InlineContent[]): Content[] {
    const { runs, images } = this.inlines(nodes);
    const hasText = runs.some((r) => typeof r.text === 'string' && r.text.trim() !== '');
    if (!hasText) return images;
    const pieces = inPieces(runs);
    return [...pieces.map((piece, i): Content => ({ text: piece, margin: [0, 0, 0, i === pieces.length - 1 ? 6 : 0] })), ...images];
  }

  /** Text runs with their marks and links; inline images as blocks (none where `withImages` is false: table cells). */
  private inlines(nodes: InlineContent[], withImages = true): { runs: ContentText[]; images: Content[] } {
    const runs: ContentText[] = [];
    const images: Content[] = [];
    const visit = (list: InlineContent[], link: string | undefined) => {
      for (const node of list) {
        if (node.object === 'text') {
          for (const leaf of node.leaves) if (leaf.text) runs.push(...styledText(capWords(leaf.text), { ...marksOf(leaf.marks.map((m) => m.type)), link }));
        } else if (node.type === 'link') {
          visit(node.nodes ?? [], linkOf(targetOf(node.data.ref)));
        } else if (node.type === 'inline-image' && withImages) {
          images.push(this.image(targetOf(node.data.ref), typeof node.data.alt === 'string' ? node.data.alt : ''));
        }
      }
    };
    visit(nodes, undefined);
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

function marksOf(types: MarkType[]): Marks {
  return { bold: types.includes('bold'), italics: types.includes('italic'), strike: types.includes('strikethrough'), code: types.includes('code') };
}

/** A task item's blocks with its `[ ]` / `[x]` written back in front of its text. */
function withTaskMarker(item: DocumentBlock): DocumentBlock[] {
  const marker = `[${item.data?.checked ? 'x' : ' '}] `;
  const [first, ...rest] = childBlocks(item);
  if (first?.type !== 'paragraph') return [{ object: 'block', type: 'paragraph', nodes: [textNode(marker.trimEnd())] }, ...childBlocks(item)];
  const [text, ...inlines] = first.nodes ?? [];
  const leaf = text?.object === 'text' ? text.leaves[0] : undefined;
  const marked: InlineContent[] =
    text?.object === 'text' && leaf && !leaf.marks.length
      ? [{ ...text, leaves: [{ ...leaf, text: marker + leaf.text }, ...text.leaves.slice(1)] }, ...(inlines as InlineContent[])]
      : [textNode(marker), ...((first.nodes ?? []) as InlineContent[])];
  return [{ ...first, nodes: marked }, ...rest];
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

export function note(text: string): Content {
  return { text: styledText(text, { italics: true }), color: '#666666', fontSize: 9, margin: [0, 4, 0, 4] };
}
