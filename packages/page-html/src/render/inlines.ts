import type { ElementContent } from 'hast';
import type { DocumentInline, DocumentLeaf } from '@quire/formats';
import { childrenOf, dataOf, fragmentsOf, isInline, isText, leavesOf, marksOf, refOf, str } from './document-shape';
import { el, text } from './hast';
import { collapsed, plainTextOf } from './plain-text';
import { MAX_DEPTH, type RenderState } from './render-state';
import { imageUrl, type SafeUrl } from '../safety/urls';

// Text, marks and inline nodes (the reference's DocumentInline* and DocumentTextMark).

/** Marks as elements, outermost first: a fixed order so that the same leaf always gives the same HTML. */
const MARK_TAGS: [string, string][] = [
  ['bold', 'strong'],
  ['italic', 'em'],
  ['strikethrough', 's'],
  ['superscript', 'sup'],
  ['subscript', 'sub'],
  ['keyboard', 'kbd'],
  ['code', 'code'],
];
const COLORS = new Set(['default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', 'primary', 'info', 'success', 'warning', 'danger']);

/** Inline content (text nodes and inlines); anything else among them is shown as its text. */
export function renderInlines(state: RenderState, nodes: unknown[], depth: number): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    if (!state.spend()) break;
    if (isText(node))
      for (const leaf of leavesOf(node)) {
        const allowed = state.takeText(leaf.text.length);
        out.push(...renderLeaf(allowed < leaf.text.length ? { ...leaf, text: leaf.text.slice(0, allowed) } : leaf));
      }
    else if (depth >= MAX_DEPTH) out.push(...textWithBreaks(plainTextOf(node)));
    else if (isInline(node)) out.push(...renderInline(state, node, depth + 1));
    else out.push(...textWithBreaks(plainTextOf(node)));
  }
  return out;
}

/** Text with its newlines (hard breaks, as the model keeps them) as `<br>`. */
export function textWithBreaks(value: string): ElementContent[] {
  const out: ElementContent[] = [];
  value.split('\n').forEach((line, i) => {
    if (i > 0) out.push(el('br'));
    if (line) out.push(text(line));
  });
  return out;
}

function renderLeaf(leaf: DocumentLeaf): ElementContent[] {
  const { types, color } = marksOf(leaf);
  let content: ElementContent[] = types.has('code') ? [text(leaf.text)] : textWithBreaks(leaf.text);
  if (content.length === 0) return [];
  for (const [mark, tag] of [...MARK_TAGS].reverse()) if (types.has(mark)) content = [el(tag, {}, content)];
  if (color) {
    const classes = [colorClass('color', color.text), colorClass('bg', color.background)].filter((c): c is string => !!c);
    if (classes.length) content = [el('span', { className: classes }, content)];
  }
  return content;
}

function colorClass(prefix: string, value: unknown): string | undefined {
  const name = typeof value === 'string' ? value.replace(/^\$/, '') : '';
  return COLORS.has(name) && name !== 'default' ? `${prefix}-${name}` : undefined;
}

/** A link around content when the address is safe, else the content alone (no broken link). */
export function linked(url: SafeUrl | undefined, content: ElementContent[], className?: string): ElementContent[] {
  if (!url) return className ? [el('span', { className: [className] }, content)] : content;
  return [el('a', { href: url.href, rel: url.external ? ['noopener', 'noreferrer'] : undefined, className: className ? [className] : undefined }, content)];
}

/** An image (`<img>` with its alt text kept; `alt=""` when none is stored) or, when its address is refused, its alt text. */
export function image(state: RenderState, data: Record<string, unknown>, className?: string): ElementContent | undefined {
  const ref = refOf(data.ref);
  const alt = str(data, 'alt') ?? '';
  const url = ref?.kind === 'url' ? imageUrl(ref.url) : ref?.kind === 'file' ? state.internal(state.call(() => state.context.fileUrl(ref.file))) : undefined;
  const checked = url && imageUrl(url.href);
  if (!checked) return alt ? text(alt) : undefined;
  const size = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 && value < 100_000 ? Math.round(value) : undefined);
  return el('img', {
    src: checked.href,
    alt,
    width: size(data.width),
    height: size(data.height),
    loading: 'lazy',
    className: className ? [className] : undefined,
  });
}

function renderInline(state: RenderState, node: DocumentInline, depth: number): ElementContent[] {
  const data = dataOf(node);
  const inner = () => renderInlines(state, childrenOf(node), depth);
  // The stored type may be any of the reference's inlines (and anything else): read as a string.
  switch (node.type as string) {
    case 'link':
      return linked(state.refUrl(refOf(data.ref)), inner());
    case 'inline-image': {
      const img = image(state, data);
      return img ? [img] : [];
    }
    case 'emoji': {
      const emoji = emojiOf(data.code);
      return emoji ? [el('span', { className: ['emoji'] }, [text(emoji)])] : [];
    }
    case 'inline-math':
      return [el('span', { className: ['math', 'math-inline'] }, [text(str(data, 'formula') ?? '')])];
    case 'expression':
      return [el('span', { className: ['expression'] }, [text(str(data, 'expression') ?? '')])];
    case 'annotation': {
      const body = collapsed(
        fragmentsOf(node)
          .map((f) => plainTextOf(f))
          .join(' '),
      );
      return [el('span', { className: ['annotation'] }, inner()), ...(body ? [el('small', { className: ['annotation-body'] }, [text(` (${body})`)])] : [])];
    }
    case 'mention':
    case 'button': {
      const ref = refOf(data.ref);
      const url = state.refUrl(ref);
      const label =
        str(data, 'label') ?? (ref?.kind === 'page' ? state.call(() => state.context.pageTitle?.(ref.page, ref.space)) : undefined) ?? url?.href ?? '';
      return label ? linked(url, [text(label)], node.type) : [];
    }
    case 'icon':
      return []; // decorative: an icon font the reader does not ship
    default:
      return textWithBreaks(plainTextOf(node));
  }
}

/** An emoji's stored code (`1f600`, or `1f468-200d-1f4bb`) as its characters. */
function emojiOf(code: unknown): string | undefined {
  if (typeof code !== 'string' || code.length > 64) return undefined;
  const points = code.split('-').map((hex) => (/^[0-9a-f]{1,6}$/i.test(hex) ? parseInt(hex, 16) : NaN));
  if (points.some((p) => !Number.isFinite(p) || p > 0x10ffff || (p >= 0xd800 && p <= 0xdfff) || p < 0x20)) return undefined;
  return String.fromCodePoint(...points);
}
