import { ADMITS, fitBlocks } from './containment';
import {
  imageRef,
  inlineImage,
  paragraph,
  plainParagraph,
  plainText,
  textNode,
  type ContentRef,
  type DocumentBlock,
  type DocumentInline,
  type DocumentText,
  type InlineContent,
  type JSONDocument,
  type MarkType,
} from './document-nodes';
import { segmentsText, type Segment } from './gitbook-tags';
import { closing, markdownBlocks, markdownParser, nodeKey, type MarkdownBlock, type Token } from './markdown-blocks';

export interface ConvertOptions {
  /** Turns a link or image target into a content reference (pages, files); default: a URL reference. */
  resolveRef?: (target: string, kind: 'link' | 'image') => ContentRef;
  /** What a soft line break (a newline inside a paragraph) becomes: `\n` by default, as the editor keeps it; `' '` on paper. */
  softBreak?: string;
  /**
   * Whether blocks are made valid for where they stand (`fitBlocks`, the default). A renderer that
   * is not bound by the reference (the PDF) passes false and gets blocks where the markdown nests them.
   */
  fit?: boolean;
}

const HINT_STYLES = new Set(['info', 'warning', 'danger', 'success']);
/**
 * GitBook tags nested deeper than this give their inner text only (as markdown, no blocks for the
 * tags): conversion recurses once per tag level, and no page nests blocks this deep on purpose.
 */
const MAX_TAG_DEPTH = 32;

/**
 * A page's markdown (GFM plus GitBook's block tags) as GitBook's JSONDocument. Every construct
 * becomes a node the reference admits where it stands; what has no node (raw HTML, headings
 * below level 3, nesting the model forbids) is degraded to a valid neighbour, never dropped.
 * Every top-level node has the `key` of the markdown block it comes from (markdown-blocks.ts).
 */
export function markdownToDocument(markdown: string, options: ConvertOptions = {}): JSONDocument {
  const converter = new Converter(options.resolveRef ?? ((url) => ({ kind: 'url', url })), options.softBreak ?? '\n');
  const nodes = markdownBlocks(markdown).flatMap((block) => {
    const converted = converter.block(block);
    const fitted = options.fit === false ? converted : fitBlocks(converted, ADMITS.document as ReadonlySet<string>);
    return fitted.map((node, part) => ({ ...node, key: nodeKey(block.key, part) }));
  });
  return { object: 'document', data: {}, nodes };
}

type Tag = Extract<Segment, { kind: 'tag' }>;

/** What a tag's conversion asks of the converter. */
interface TagContext {
  /** The tag's children as blocks, one tag level deeper. */
  inner(): DocumentBlock[];
  /** Segments inside one of its children (a tab's, a step's), at the same depth as `inner`. */
  nested(segments: Segment[]): DocumentBlock[];
  resolveRef: (target: string, kind: 'link' | 'image') => ContentRef;
}

type TagConversion = (tag: Tag, c: TagContext) => DocumentBlock[];

const childTags = (tag: Tag, name: string): Tag[] => tag.children.filter((c): c is Tag => c.kind === 'tag' && c.name === name);

/** file, include, step/tab outside their parent, and any unknown tag: kept as their text. */
const tagAsText: TagConversion = (tag, c) => [...(Object.values(tag.attrs).length ? [plainParagraph(Object.values(tag.attrs).join(' '))] : []), ...c.inner()];

const detailsBlock: TagConversion = (tag, c) => {
  const body = c.inner();
  return [
    {
      object: 'block',
      type: 'expandable',
      isVoid: true,
      data: {},
      fragments: [
        {
          object: 'fragment',
          fragment: 'expandable-title',
          type: 'expandable-title',
          nodes: [plainParagraph(stripTags(tag.attrs.summary ?? 'Details'))],
        },
        { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: body.length ? body : [plainParagraph('')] },
      ],
    },
  ];
};

/** GitBook's `{% openapi-schemas spec="…" schemas="A,B" grouped="false" %}`. */
const openapiSchemasBlock: TagConversion = (tag, c) => {
  const { spec, grouped } = tag.attrs;
  const schemas = (tag.attrs.schemas ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return spec && schemas.length
    ? [
        {
          object: 'block',
          type: 'openapi-schemas',
          isVoid: true,
          data: { ref: { kind: 'openapi', spec }, schemas, ...(grouped === 'false' ? { grouped: false } : {}) },
        },
      ]
    : c.inner();
};

/** GitBook's `{% swagger src="…" path="…" method="…" %}`: the spec by URL (or a file the caller resolves). */
const swaggerBlock: TagConversion = (tag, c) => {
  const { src, path, method } = tag.attrs;
  if (!src || !path || !method) return tagAsText(tag, c);
  const resolved = c.resolveRef(src, 'link');
  const ref = resolved.kind === 'url' || resolved.kind === 'file' ? resolved : { kind: 'url' as const, url: src };
  return [{ object: 'block', type: 'swagger', isVoid: true, data: { ref, path, method } }];
};

/** Each GitBook block tag's blocks, by tag name. */
const TAG_BLOCKS: ReadonlyMap<string, TagConversion> = new Map<string, TagConversion>(
  Object.entries({
    hint: (tag, c) => [{ object: 'block', type: 'hint', data: { style: HINT_STYLES.has(tag.attrs.style ?? '') ? tag.attrs.style : 'info' }, nodes: c.inner() }],
    tabs: (tag, c) => {
      const items = childTags(tag, 'tab');
      if (!items.length) return c.inner();
      const nodes = items.map((t): DocumentBlock => ({
        object: 'block',
        type: 'tabs-item',
        data: { title: t.attrs.title ?? '' },
        nodes: c.nested(t.children),
      }));
      return [{ object: 'block', type: 'tabs', nodes }];
    },
    stepper: (tag, c) => {
      const steps = childTags(tag, 'step');
      if (!steps.length) return c.inner();
      return [
        { object: 'block', type: 'stepper', nodes: steps.map((s) => ({ object: 'block', type: 'stepper-step', data: {}, nodes: c.nested(s.children) })) },
      ];
    },
    code: (tag, c) => {
      const title = tag.attrs.title;
      return c.inner().map((b) => (b.type === 'code' && title ? { ...b, data: { ...b.data, title } } : b));
    },
    details: detailsBlock,
    embed: (tag) => (tag.attrs.url ? [{ object: 'block', type: 'embed', isVoid: true, data: { url: tag.attrs.url } }] : []),
    'content-ref': (tag, c) =>
      tag.attrs.url ? [{ object: 'block', type: 'content-ref', isVoid: true, data: { ref: c.resolveRef(tag.attrs.url, 'link') } }] : c.inner(),
    // GitBook's `{% openapi-operation spec="…" path="…" method="…" %}` (its body is a link to the spec: not kept).
    'openapi-operation': (tag, c) => {
      const { spec, path, method } = tag.attrs;
      return spec && path && method
        ? [{ object: 'block', type: 'openapi-operation', isVoid: true, data: { ref: { kind: 'openapi', spec }, path, method } }]
        : c.inner();
    },
    'openapi-schemas': openapiSchemasBlock,
    'openapi-webhook': (tag, c) => {
      const { spec, name, method } = tag.attrs;
      return spec && name && method
        ? [{ object: 'block', type: 'openapi-webhook', isVoid: true, data: { ref: { kind: 'openapi', spec }, name, method } }]
        : c.inner();
    },
    swagger: swaggerBlock,
  } satisfies Record<string, TagConversion>),
);

class Converter {
  constructor(
    private readonly resolveRef: (target: string, kind: 'link' | 'image') => ContentRef,
    private readonly softBreak: string,
  ) {}

  /** The nodes of one top-level markdown block. */
  block({ content }: MarkdownBlock): DocumentBlock[] {
    return content.kind === 'tag' ? this.tag(content.tag, 0) : this.blocks(content.tokens, 0, content.tokens.length);
  }

  private segments(segments: Segment[], depth: number): DocumentBlock[] {
    return segments.flatMap((s) => (s.kind === 'markdown' ? this.markdown(s.text) : this.tag(s, depth)));
  }

  private markdown(text: string): DocumentBlock[] {
    const tokens = markdownParser(['table', 'strikethrough']).parse(text, {});
    return this.blocks(tokens, 0, tokens.length);
  }

  private tag(tag: Tag, depth: number): DocumentBlock[] {
    if (depth >= MAX_TAG_DEPTH) return this.markdown(segmentsText(tag.children));
    const context: TagContext = {
      inner: () => this.segments(tag.children, depth + 1),
      nested: (segments) => this.segments(segments, depth + 1),
      resolveRef: this.resolveRef,
    };
    return (TAG_BLOCKS.get(tag.name) ?? tagAsText)(tag, context);
  }

  /** Block tokens [from, to) as blocks. */
  private blocks(tokens: Token[], from: number, to: number): DocumentBlock[] {
    const out: DocumentBlock[] = [];
    for (let i = from; i < to; i++) {
      const token = tokens[i] as Token;
      if (token.nesting === 1) {
        const end = closing(tokens, i);
        const block = this.container(tokens, i, end);
        out.push(...block);
        i = end;
      } else if (token.type === 'fence' || token.type === 'code_block') {
        const syntax = token.info.trim().split(/\s+/)[0];
        const lines = token.content.replace(/\n$/, '').split('\n');
        out.push({
          object: 'block',
          type: 'code',
          data: syntax ? { syntax } : {},
          nodes: lines.map((line) => ({ object: 'block', type: 'code-line', data: {}, nodes: [textNode(line)] })),
        });
      } else if (token.type === 'hr') {
        out.push({ object: 'block', type: 'divider', isVoid: true, data: {} });
      } else if (token.type === 'html_block') {
        const text = stripTags(token.content).trim();
        if (text) out.push(plainParagraph(text));
      }
    }
    return out;
  }

  private container(tokens: Token[], open: number, close: number): DocumentBlock[] {
    const token = tokens[open] as Token;
    switch (token.type) {
      case 'paragraph_open':
        return [this.paragraph(tokens[open + 1] as Token)];
      case 'heading_open': {
        const level = Math.min(Number(token.tag.slice(1)), 3);
        const nodes = this.inlines((tokens[open + 1] as Token).children ?? []);
        const id = anchorOf(plainText({ object: 'block', type: 'paragraph', nodes }));
        return [{ object: 'block', type: `heading-${level}`, data: id ? { id } : {}, nodes: nodes.length ? nodes : [textNode('')] }];
      }
      case 'blockquote_open':
        return [{ object: 'block', type: 'blockquote', nodes: this.blocks(tokens, open + 1, close) }];
      case 'bullet_list_open':
      case 'ordered_list_open':
        return [this.list(tokens, open, close)];
      case 'table_open':
        return [this.table(tokens, open, close)];
      default:
        return this.blocks(tokens, open + 1, close);
    }
  }

  private list(tokens: Token[], open: number, close: number): DocumentBlock {
    const ordered = tokens[open]?.type === 'ordered_list_open';
    const items: DocumentBlock[] = [];
    let tasks = !ordered;
    for (let i = open + 1; i < close; i++) {
      if (tokens[i]?.type !== 'list_item_open') continue;
      const end = closing(tokens, i);
      const children = this.blocks(tokens, i + 1, end);
      const checked = taskMarker(children);
      if (checked === null) tasks = false;
      items.push({
        object: 'block',
        type: 'list-item',
        ...(checked !== null ? { data: { checked } } : {}),
        nodes: children.length ? children : [plainParagraph('')],
      });
      i = end;
    }
    if (ordered) {
      const start = Number(tokens[open]?.attrGet('start') ?? 1);
      return { object: 'block', type: 'list-ordered', data: start !== 1 ? { start } : {}, nodes: items };
    }
    if (tasks && items.length) return { object: 'block', type: 'list-tasks', nodes: items.map(stripTaskMarker) };
    return { object: 'block', type: 'list-unordered', nodes: items.map((item) => ({ object: 'block', type: 'list-item', nodes: item.nodes })) };
  }

  /** A GFM pipe table as a grid table: one text column per header cell, one fragment per cell. */
  private table(tokens: Token[], open: number, close: number): DocumentBlock {
    const rows: { cells: Token[]; header: boolean }[] = [];
    const alignments: string[] = [];
    let header = false;
    for (let i = open; i < close; i++) {
      const t = tokens[i] as Token;
      if (t.type === 'thead_open') header = true;
      if (t.type === 'thead_close') header = false;
      if (t.type === 'tr_open') rows.push({ cells: [], header });
      if (t.type === 'th_open' || t.type === 'td_open') {
        rows[rows.length - 1]?.cells.push(tokens[i + 1] as Token);
        if (t.type === 'th_open') alignments.push(/text-align:(left|right|center)/.exec(t.attrGet('style') ?? '')?.[1] ?? 'left');
      }
    }
    const head = rows.find((r) => r.header);
    const columns = (head?.cells ?? []).map((_, index) => `c${index}`);
    const definition = Object.fromEntries(
      columns.map((id, index) => [
        id,
        { id, title: head ? plainText(this.paragraph(head.cells[index] as Token)) : '', type: 'text', textAlignment: alignments[index] ?? 'left' },
      ]),
    );
    const fragments: NonNullable<DocumentBlock['fragments']> = [];
    const records: Record<string, { orderIndex: string; values: Record<string, string> }> = {};
    rows
      .filter((r) => !r.header)
      .forEach((row, r) => {
        const values: Record<string, string> = {};
        columns.forEach((column, c) => {
          const key = `r${r}${column}`;
          values[column] = key;
          fragments.push({ object: 'fragment', fragment: key, nodes: [row.cells[c] ? this.paragraph(row.cells[c] as Token) : plainParagraph('')] });
        });
        records[`r${r}`] = { orderIndex: String(r).padStart(6, '0'), values };
      });
    return { object: 'block', type: 'table', isVoid: true, data: { view: { type: 'grid', columns, hideHeader: false }, records, definition }, fragments };
  }

  /** A paragraph; one holding only images (and spaces) is an `images` block. */
  private paragraph(inline: Token): DocumentBlock {
    const children = inline.children ?? [];
    const images = children.filter((c) => c.type === 'image');
    if (images.length && children.every((c) => c.type === 'image' || c.type === 'softbreak' || (c.type === 'text' && c.content.trim() === ''))) {
      return {
        object: 'block',
        type: 'images',
        isVoid: false,
        data: {},
        nodes: images.map((img) => imageRef(this.resolveRef(img.attrGet('src') ?? '', 'image'), img.content || undefined)),
      };
    }
    return paragraph(this.inlines(children));
  }

  /** Inline tokens as text nodes (leaves with flat marks) and link / inline-image nodes. */
  private inlines(children: Token[]): InlineContent[] {
    const out: InlineContent[] = [];
    const marks: MarkType[] = [];
    const stack: { link: DocumentInline; parent: InlineContent[] }[] = [];
    let target = out;
    const pushText = (text: string, extra: MarkType[] = []) => {
      if (text === '') return;
      const all = [...new Set([...marks, ...extra])];
      const last = target[target.length - 1];
      const node: DocumentText = last?.object === 'text' ? last : textNode('');
      if (last?.object !== 'text') {
        node.leaves = [];
        target.push(node);
      }
      const prev = node.leaves[node.leaves.length - 1];
      const key = (m: MarkType[]) => [...m].sort().join(',');
      if (prev && key(prev.marks.map((m) => m.type)) === key(all)) prev.text += text;
      else node.leaves.push(textNode(text, all).leaves[0] as DocumentText['leaves'][number]);
    };
    const toggle = (mark: MarkType, on: boolean) => {
      if (on) marks.push(mark);
      else marks.splice(marks.lastIndexOf(mark), 1);
    };
    for (const token of children) {
      switch (token.type) {
        case 'text':
          pushText(token.content);
          break;
        case 'softbreak':
          pushText(this.softBreak);
          break;
        case 'hardbreak':
          pushText('\n');
          break;
        case 'code_inline':
          pushText(token.content, ['code']);
          break;
        case 'strong_open':
        case 'strong_close':
          toggle('bold', token.nesting === 1);
          break;
        case 'em_open':
        case 'em_close':
          toggle('italic', token.nesting === 1);
          break;
        case 's_open':
        case 's_close':
          toggle('strikethrough', token.nesting === 1);
          break;
        case 'link_open': {
          const link: DocumentInline = { object: 'inline', type: 'link', data: { ref: this.resolveRef(token.attrGet('href') ?? '', 'link') }, nodes: [] };
          target.push(link);
          stack.push({ link, parent: target });
          target = link.nodes as InlineContent[];
          break;
        }
        case 'link_close': {
          const frame = stack.pop();
          if (frame) {
            if (!frame.link.nodes?.length) frame.link.nodes = [textNode('')];
            target = frame.parent;
          }
          break;
        }
        case 'image':
          target.push(inlineImage(this.resolveRef(token.attrGet('src') ?? '', 'image'), token.content || undefined));
          break;
        case 'html_inline':
          if (/^<br\s*\/?>$/i.test(token.content)) pushText('\n');
          break;
        default:
          if (token.content) pushText(token.content);
      }
    }
    return out;
  }
}

/** `[ ]` / `[x]` at the start of a list item's first paragraph: null when the item is no task. */
function taskMarker(children: DocumentBlock[]): boolean | null {
  const first = children[0]?.type === 'paragraph' ? (children[0].nodes?.[0] as InlineContent | undefined) : undefined;
  if (first?.object !== 'text') return null;
  const match = /^\[( |x|X)\]\s/.exec(first.leaves[0]?.text ?? '');
  return match ? match[1] !== ' ' : null;
}

function stripTaskMarker(item: DocumentBlock): DocumentBlock {
  const [first, ...rest] = item.nodes as DocumentBlock[];
  const text = first?.nodes?.[0] as DocumentText;
  const leaves = text.leaves.map((l, i) => (i === 0 ? { ...l, text: l.text.replace(/^\[( |x|X)\]\s/, '') } : l));
  return { ...item, nodes: [{ ...(first as DocumentBlock), nodes: [{ ...text, leaves }, ...(first?.nodes ?? []).slice(1)] }, ...rest] };
}

/** A heading's anchor: the reference allows `^[-a-z0-9.+_]+$`. */
export function anchorOf(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9.+_\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 100);
}

/**
 * HTML's text without its tags. Linear: a `<` after the last `>` opens no tag, and scanning from
 * each one to the end made a 1 MB block of `<!--` (an HTML block markdown-it ends only at `-->`)
 * take three minutes.
 */
export function stripTags(html: string, replacement = ''): string {
  const last = html.lastIndexOf('>');
  return html.slice(0, last + 1).replace(/<[^>]*>/g, replacement) + html.slice(last + 1);
}
