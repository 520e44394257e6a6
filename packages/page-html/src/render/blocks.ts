import type { Element, ElementContent } from 'hast';
import type { DocumentBlock } from '@quire/formats';
import { highlight } from '../engine/highlighter';
import { linkUrl } from '../safety/urls';
import { childrenOf, dataOf, fragmentNamed, isBlock, isInline, isText, refOf, str } from './document-shape';
import { el, text } from './hast';
import { image, linked, renderInlines } from './inlines';
import { renderOpenApi } from './openapi';
import { collapsed, plainTextOf } from './plain-text';
import { MAX_DEPTH, MAX_HIGHLIGHT, type RenderState } from './render-state';
import { renderTable } from './tables';

// Block nodes (the reference's DocumentBlock*) as semantic HTML. A document heading-1 is an `<h2>`:
// the page title is the page's `<h1>`, so headings stay in order for assistive technology.

const HINTS: Record<string, string> = { info: 'Info', success: 'Success', warning: 'Warning', danger: 'Danger' };
const ALIGNS = new Set(['start', 'center', 'end', 'left', 'right']);
const OPENAPI = new Set(['swagger', 'openapi-operation', 'openapi-schemas', 'openapi-webhook']);

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
  const data = dataOf(block);
  const blocks = () => renderBlocks(state, childrenOf(block), depth);
  const inlines = () => renderInlines(state, childrenOf(block), depth);
  switch (block.type) {
    case 'paragraph':
      return [el('p', { className: alignClass(data.align) }, inlines())];
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return [heading(state, block, depth, top)];
    case 'list-unordered':
    case 'list-ordered':
    case 'list-tasks':
      return [list(state, block, depth)];
    case 'list-item':
      return [el('ul', {}, [el('li', {}, blocks())])];
    case 'divider':
      return [el('hr')];
    case 'blockquote':
      return [el('blockquote', {}, blocks())];
    case 'hint': {
      const style = str(data, 'style') ?? 'info';
      const kind = HINTS[style] ? style : 'info';
      return [el('div', { className: ['hint', `hint-${kind}`], role: 'note', ariaLabel: HINTS[kind] }, blocks())];
    }
    case 'code':
      return [code(state, block)];
    case 'images':
      return [
        el(
          'div',
          { className: ['images'] },
          childrenOf(block)
            .filter(isBlock)
            .flatMap((img) => figure(state, img, depth)),
        ),
      ];
    case 'image':
      return figure(state, block, depth);
    case 'drawing': {
      const img = image(state, { ref: data.ref, alt: 'Drawing' }, 'drawing');
      return img ? [el('div', { className: ['image'] }, [img])] : [];
    }
    case 'file': {
      const ref = refOf(data.ref);
      const id = ref?.kind === 'file' ? ref.file : undefined;
      const name = (id && state.call(() => state.context.fileName?.(id))) || 'Download';
      return [el('p', { className: ['file'] }, linked(state.refUrl(ref), [text(name)]))];
    }
    case 'embed': {
      const url = str(data, 'url') ?? '';
      return url ? [el('p', { className: ['embed'] }, linked(linkUrl(url), [text(url)]))] : [];
    }
    case 'math':
      return [el('div', { className: ['math', 'math-display'] }, [text(str(data, 'formula') ?? '')])];
    case 'expandable':
      return [expandable(state, block, depth)];
    case 'tabs':
      return [tabs(state, block, depth)];
    case 'stepper':
      return [
        el(
          'ol',
          { className: ['stepper'] },
          childrenOf(block)
            .filter(isBlock)
            .map((step) => el('li', { className: ['step'] }, renderBlocks(state, childrenOf(step), depth + 1))),
        ),
      ];
    case 'columns':
      return [
        el(
          'div',
          { className: ['columns'] },
          childrenOf(block)
            .filter(isBlock)
            .map((column) => el('div', { className: ['column'] }, renderBlocks(state, childrenOf(column), depth + 1))),
        ),
      ];
    case 'if': // adaptive content: its condition is not evaluated here, its content is shown
    case 'tabs-item':
    case 'stepper-step':
    case 'column':
      return blocks();
    case 'table':
      return renderTable(state, block, depth, renderBlocks);
    case 'content-ref': {
      const ref = refOf(data.ref);
      const url = state.refUrl(ref);
      const title = (ref?.kind === 'page' && state.call(() => state.context.pageTitle?.(ref.page))) || url?.href;
      return title ? [el('p', { className: ['content-ref'] }, linked(url, [text(title)]))] : [];
    }
    case 'integration':
    case 'reusable-content':
      return []; // rendered by their integration / their own document: README, left out
    default:
      if (OPENAPI.has(block.type)) return renderOpenApi(state, block);
      return unknown(block);
  }
}

/** An unknown block: its text kept as a paragraph. */
function unknown(block: DocumentBlock): ElementContent[] {
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

/** `<pre><code class="language-x">`, highlighted when the language is known; a title makes it a figure with a caption. */
function code(state: RenderState, block: DocumentBlock): Element {
  const data = dataOf(block);
  const lines = childrenOf(block).map((line) => plainTextOf(line, state.textBudget + 1, ''));
  const whole = lines.join('\n');
  const source = whole.slice(0, state.takeText(whole.length));
  const syntax = (str(data, 'syntax') ?? '').toLowerCase().trim();
  const language = /^[a-z0-9+#_-]{1,40}$/.test(syntax) ? syntax : '';
  const highlighted = language && source.length <= MAX_HIGHLIGHT ? highlight(state.tools, language, source) : undefined;
  const className = language ? [...(highlighted ? ['hljs'] : []), `language-${language}`] : undefined;
  const pre = el('pre', {}, [el('code', { className }, highlighted ?? [text(source)])]);
  const title = str(data, 'title');
  if (!title) return pre;
  return el('figure', { className: ['code-block'] }, [el('figcaption', {}, [text(title)]), pre]);
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
