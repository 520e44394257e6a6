import type { Element, ElementContent } from 'hast';
import type { DocumentBlock } from '@quire/formats';
import { linkUrl } from '../safety/urls';
import { childrenOf, dataOf, fragmentNamed, isBlock, isInline, isText, refOf, str } from './document-shape';
import { el, text } from './hast';
import { image, linked, renderInlines } from './inlines';
import { codeBlock } from './code';
import { renderOpenApi } from './openapi';
import { collapsed, plainTextOf } from './plain-text';
import { MAX_DEPTH, type RenderState } from './render-state';
import { renderTable } from './tables';

// Block nodes (the reference's DocumentBlock*) as semantic HTML. A document heading-1 is an `<h2>`:
// the page title is the page's `<h1>`, so headings stay in order for assistive technology.

const HINTS: Record<string, string> = { info: 'Info', success: 'Success', warning: 'Warning', danger: 'Danger' };
const ALIGNS = new Set(['start', 'center', 'end', 'left', 'right']);

/**
 * Blocks as elements. Text or inlines standing among blocks are gathered into a paragraph; a
 * block nested deeper than MAX_DEPTH is shown as its text, so no document overflows the stack.
 */
export function renderBlocks(state: RenderState, nodes: unknown[], depth: number, top = false): ElementContent[] {
  const out: ElementContent[] = [];
  let loose: unknown[] = [];
  const flush = () => {
    if (loose.length) out.push(el('p', {}, renderInlines(state, loose, depth)));
    loose = [];
  };
  for (const node of nodes) {
    if (state.budget <= 0) {
      state.truncated = true;
      break;
    }
    if (isText(node) || isInline(node)) {
      loose.push(node);
      continue;
    }
    flush();
    if (!isBlock(node) || !state.spend()) continue;
    if (depth >= MAX_DEPTH) {
      const kept = collapsed(plainTextOf(node));
      if (kept) out.push(el('p', { className: ['truncated'] }, [text(kept)]));
      continue;
    }
    out.push(...renderBlock(state, node, depth + 1, top));
  }
  flush();
  return out;
}

function renderBlock(state: RenderState, block: DocumentBlock, depth: number, top: boolean): ElementContent[] {
  return (BLOCKS.get(block.type) ?? unknown)({ state, block, depth, top, data: dataOf(block) });
}

/** One block to render, where it stands. */
interface BlockAt {
  state: RenderState;
  block: DocumentBlock;
  depth: number;
  top: boolean;
  data: ReturnType<typeof dataOf>;
}

type BlockRenderer = (b: BlockAt) => ElementContent[];

const childBlocks: BlockRenderer = ({ state, block, depth }) => renderBlocks(state, childrenOf(block), depth);

/** A container whose block children are items (steps, columns), each rendering its own children. */
const itemsIn = ({ state, block, depth }: BlockAt, tag: string, className: string, itemTag: string, itemClass: string): Element =>
  el(
    tag,
    { className: [className] },
    childrenOf(block)
      .filter(isBlock)
      .map((item) => el(itemTag, { className: [itemClass] }, renderBlocks(state, childrenOf(item), depth + 1))),
  );

const hintBlock: BlockRenderer = (b) => {
  const style = str(b.data, 'style') ?? 'info';
  const kind = HINTS[style] ? style : 'info';
  return [el('div', { className: ['hint', `hint-${kind}`], role: 'note', ariaLabel: HINTS[kind] }, childBlocks(b))];
};

const fileBlock: BlockRenderer = ({ state, data }) => {
  const ref = refOf(data.ref);
  const id = ref?.kind === 'file' ? ref.file : undefined;
  const name = (id && state.call(() => state.context.fileName?.(id))) || 'Download';
  return [el('p', { className: ['file'] }, linked(state.refUrl(ref), [text(name)]))];
};

const contentRefBlock: BlockRenderer = ({ state, data }) => {
  const ref = refOf(data.ref);
  const url = state.refUrl(ref);
  const title = (ref?.kind === 'page' && state.call(() => state.context.pageTitle?.(ref.page))) || url?.href;
  return title ? [el('p', { className: ['content-ref'] }, linked(url, [text(title)]))] : [];
};

const headingBlock: BlockRenderer = ({ state, block, depth, top }) => [heading(state, block, depth, top)];
const listBlock: BlockRenderer = ({ state, block, depth }) => [list(state, block, depth)];
const openApiBlock: BlockRenderer = ({ state, block }) => renderOpenApi(state, block, renderBlocks);
const leftOut: BlockRenderer = () => [];

/** Each block type's elements; a type not here is `unknown`. */
const BLOCKS: ReadonlyMap<string, BlockRenderer> = new Map<string, BlockRenderer>(
  Object.entries({
    paragraph: ({ state, block, depth, data }) => [el('p', { className: alignClass(data.align) }, renderInlines(state, childrenOf(block), depth))],
    'heading-1': headingBlock,
    'heading-2': headingBlock,
    'heading-3': headingBlock,
    'list-unordered': listBlock,
    'list-ordered': listBlock,
    'list-tasks': listBlock,
    'list-item': (b) => [el('ul', {}, [el('li', {}, childBlocks(b))])],
    divider: () => [el('hr')],
    blockquote: (b) => [el('blockquote', {}, childBlocks(b))],
    hint: hintBlock,
    code: ({ state, block }) => [code(state, block)],
    images: ({ state, block, depth }) => [
      el(
        'div',
        { className: ['images'] },
        childrenOf(block)
          .filter(isBlock)
          .flatMap((img) => figure(state, img, depth)),
      ),
    ],
    image: ({ state, block, depth }) => figure(state, block, depth),
    drawing: ({ state, data }) => {
      const img = image(state, { ref: data.ref, alt: 'Drawing' }, 'drawing');
      return img ? [el('div', { className: ['image'] }, [img])] : [];
    },
    file: fileBlock,
    embed: ({ data }) => {
      const url = str(data, 'url') ?? '';
      return url ? [el('p', { className: ['embed'] }, linked(linkUrl(url), [text(url)]))] : [];
    },
    math: ({ data }) => [el('div', { className: ['math', 'math-display'] }, [text(str(data, 'formula') ?? '')])],
    expandable: ({ state, block, depth }) => [expandable(state, block, depth)],
    tabs: ({ state, block, depth }) => [tabs(state, block, depth)],
    stepper: (b) => [itemsIn(b, 'ol', 'stepper', 'li', 'step')],
    columns: (b) => [itemsIn(b, 'div', 'columns', 'div', 'column')],
    // Adaptive content: its condition is not evaluated here, its content is shown.
    if: childBlocks,
    'tabs-item': childBlocks,
    'stepper-step': childBlocks,
    column: childBlocks,
    table: ({ state, block, depth }) => renderTable(state, block, depth, renderBlocks),
    'content-ref': contentRefBlock,
    // Rendered by their integration / their own document: README, left out.
    integration: leftOut,
    'reusable-content': leftOut,
    swagger: openApiBlock,
    'openapi-operation': openApiBlock,
    'openapi-schemas': openApiBlock,
    'openapi-webhook': openApiBlock,
  }),
);

/** An unknown block: its text kept as a paragraph. */
function unknown({ block }: { block: DocumentBlock }): ElementContent[] {
  const kept = collapsed(plainTextOf(block));
  return kept ? [el('p', { className: ['unknown'] }, [text(kept)])] : [];
}

function alignClass(align: unknown): string[] | undefined {
  return typeof align === 'string' && ALIGNS.has(align) && align !== 'start' ? [`align-${align}`] : undefined;
}

/** `<h2>`–`<h4>` with a unique anchor and a self-link; a top-level one enters the table of contents. */
function heading(state: RenderState, block: DocumentBlock, depth: number, top: boolean): Element {
  const level = Number(block.type.slice(-1)) as 1 | 2 | 3;
  const data = dataOf(block);
  const label = collapsed(plainTextOf(block, 1000));
  const meta = dataOf({ data: data.meta });
  const anchor = state.anchor(data.id ?? meta.id, label, 'section');
  if (top) state.headings.push({ level, text: label, anchor });
  const self = el('a', { href: `#${anchor}`, className: ['anchor'], ariaLabel: `Link to this section: ${label}` }, [text('#')]);
  return el(`h${level + 1}`, { id: anchor, className: alignClass(data.align) }, [...renderInlines(state, childrenOf(block), depth), text(' '), self]);
}

function list(state: RenderState, block: DocumentBlock, depth: number): Element {
  const tasks = block.type === 'list-tasks';
  const items = childrenOf(block).map((item) => {
    const content = isBlock(item) && item.type === 'list-item' ? renderBlocks(state, childrenOf(item), depth + 1) : renderBlocks(state, [item], depth + 1);
    if (!tasks) return el('li', {}, content);
    const checked = dataOf(item).checked === true;
    const label = collapsed(plainTextOf(item, 200)).slice(0, 200) || 'Task';
    const box = el('input', { type: 'checkbox', disabled: true, checked, ariaLabel: label });
    return el('li', { className: ['task'] }, [box, ...content]);
  });
  if (tasks) return el('ul', { className: ['task-list'] }, items);
  if (block.type === 'list-unordered') return el('ul', {}, items);
  const start = dataOf(block).start;
  return el('ol', { start: typeof start === 'number' && Number.isInteger(start) && start !== 1 && Math.abs(start) < 1e9 ? start : undefined }, items);
}

/** A code block of the document: its lines, its language and title (code.ts). */
function code(state: RenderState, block: DocumentBlock): Element {
  const data = dataOf(block);
  const lines = childrenOf(block).map((line) => plainTextOf(line, state.textBudget + 1, ''));
  const whole = lines.join('\n');
  return codeBlock(state, str(data, 'syntax') ?? '', whole.slice(0, state.takeText(whole.length)), str(data, 'title'));
}

/** An image: a `<figure>` with `<figcaption>` when it has a caption, else the `<img>` alone. */
function figure(state: RenderState, block: DocumentBlock, depth: number): ElementContent[] {
  const img = image(state, dataOf(block));
  const caption = fragmentNamed(block, 'caption');
  const captionContent = caption
    ? renderBlocks(state, childrenOf(caption), depth).flatMap((p) => (p.type === 'element' && p.tagName === 'p' ? p.children : [p]))
    : [];
  if (captionContent.length) return [el('figure', { className: ['image'] }, [...(img ? [img] : []), el('figcaption', {}, captionContent)])];
  return img ? [el('div', { className: ['image'] }, [img])] : [];
}

/** `<details>`/`<summary>`: open and close without script. */
function expandable(state: RenderState, block: DocumentBlock, depth: number): Element {
  const title = fragmentNamed(block, 'expandable-title');
  const body = fragmentNamed(block, 'expandable-body');
  const summary = title ? renderBlocks(state, childrenOf(title), depth).flatMap((p) => (p.type === 'element' && p.tagName === 'p' ? p.children : [p])) : [];
  return el('details', { className: ['expandable'] }, [
    el('summary', {}, summary.length ? summary : [text('Details')]),
    ...renderBlocks(state, childrenOf(body), depth),
  ]);
}

/** Tabs readable without script: one labelled section per tab, its title first. */
function tabs(state: RenderState, block: DocumentBlock, depth: number): Element {
  const sections = childrenOf(block)
    .filter(isBlock)
    .map((item, index) => {
      const title = str(dataOf(item), 'title') || `Tab ${index + 1}`;
      const id = state.anchor(undefined, `tab-${title}`, 'tab');
      return el('section', { className: ['tab'], ariaLabelledBy: [id] }, [
        el('p', { id, className: ['tab-title'] }, [el('strong', {}, [text(title)])]),
        ...renderBlocks(state, childrenOf(item), depth + 1),
      ]);
    });
  return el('div', { className: ['tabs'] }, sections);
}
