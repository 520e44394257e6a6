import type { Element, ElementContent, Properties, Text } from 'hast';

// Building hast by hand: every string that came from content passes `clean` on its way into a text
// node or a property, so NUL, C0 controls and lone surrogates never reach the serialiser.

const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A string from content fit for HTML: C0 controls (but tab and newlines) dropped, lone surrogates replaced. */
export function clean(value: unknown): string {
  return typeof value === 'string' ? value.replace(CONTROLS, '').replace(LONE_SURROGATE, '\ufffd') : '';
}

export const text = (value: string): Text => ({ type: 'text', value: clean(value) });

export function el(tagName: string, properties: Properties = {}, children: ElementContent[] = []): Element {
  const props: Properties = {};
  for (const [key, value] of Object.entries(properties)) {
    if (value === undefined || value === null || value === false) continue;
    props[key] = typeof value === 'string' ? clean(value) : value;
  }
  return { type: 'element', tagName, properties: props, children };
}
