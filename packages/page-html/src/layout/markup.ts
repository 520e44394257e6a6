import { clean } from '../render/hast';

// The page around the document is built as strings (synchronously: no ES-module serialiser to load),
// so every value goes through one of these doors: `escapeText` for text, `tag` for attributes.
// Attribute names are the renderer's own constants; only values come from the view.

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text from the view, fit for an element's content or a quoted attribute value. */
export const escapeText = (value: unknown): string => clean(typeof value === 'string' ? value : '').replace(/[&<>"']/g, (c) => TEXT_ESCAPES[c]);

export type Attributes = Record<string, string | number | boolean | undefined | null>;

/** Markup of the renderer's own: a fragment already escaped. */
export type Markup = string;

function attributesOf(attributes: Attributes): string {
  let out = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeText(String(value))}"`;
  }
  return out;
}

const VOID = new Set(['meta', 'link', 'img', 'input', 'source', 'br', 'hr']);

/** `<name attributes>children</name>`; children are markup (escaped already), skipped when empty. */
export function tag(name: string, attributes: Attributes = {}, ...children: Array<Markup | false | undefined | null>): Markup {
  const open = `<${name}${attributesOf(attributes)}>`;
  return VOID.has(name) ? open : `${open}${children.filter((child) => typeof child === 'string').join('')}</${name}>`;
}

/** At most `max` characters of text (between code points), so that a huge title costs little. */
export function bounded(value: unknown, max = 512): string {
  if (typeof value !== 'string') return '';
  if (value.length <= max) return value;
  const cut = /[\ud800-\udbff]/.test(value[max - 1]) ? max - 1 : max;
  return `${value.slice(0, cut)}…`;
}
