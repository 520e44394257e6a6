// How deeply an HTML text nests its elements, estimated in one linear pass before parsing:
// domino's parse time grows about quadratically with nesting (8,000 nested divs: 1.3 s; 100,000:
// minutes) and turndown recurses once per level (stack overflow near 2,000).

/** What any HTML input may nest: far beyond real pages, far below what breaks the parser. */
export const MAX_HTML_DEPTH = 500;

/** Elements that never hold others, and those whose end tag HTML lets authors leave out. */
const VOID_OR_IMPLIED = new Set(
  'area base br col embed hr img input link meta param source track wbr keygen p li dt dd tr td th thead tbody tfoot option optgroup rt rp colgroup caption html head body'.split(
    ' ',
  ),
);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript']);

/** The deepest nesting of explicitly closed elements (an upper bound of what a parser builds). */
export function htmlNestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  let at = html.indexOf('<');
  while (at !== -1) {
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      if (end === -1) break;
      at = html.indexOf('<', end + 3);
      continue;
    }
    const end = html.indexOf('>', at + 1);
    if (end === -1) break; // no complete tag left
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(at, Math.min(end + 1, at + 64)));
    let next = end + 1;
    if (tag) {
      const name = (tag[2] ?? '').toLowerCase();
      const isSelfClosing = html[end - 1] === '/';
      if (tag[1]) depth = Math.max(0, depth - (VOID_OR_IMPLIED.has(name) ? 0 : 1));
      else if (RAW_TEXT.has(name)) {
        const close = closingTag(html, name, end + 1);
        if (close === -1) break;
        next = close;
      } else if (!VOID_OR_IMPLIED.has(name) && !isSelfClosing) deepest = Math.max(deepest, ++depth);
    }
    at = html.indexOf('<', next);
  }
  return deepest;
}

/** Where `</name` starts (any case) at or after `from`, or -1. */
function closingTag(html: string, name: string, from: number): number {
  for (let at = html.indexOf('</', from); at !== -1; at = html.indexOf('</', at + 2)) {
    if (html.slice(at + 2, at + 2 + name.length).toLowerCase() === name) return at;
  }
  return -1;
}
