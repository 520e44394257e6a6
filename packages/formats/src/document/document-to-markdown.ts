import { spaceRefTarget } from './space-refs';

// A GitBook JSONDocument (reference: Document*, the Slate-like model of docs §4) as markdown, for
// comment bodies posted as `{ document }` and stored as markdown. The input comes from clients, so
// every node is read as unknown: an unknown or malformed node keeps its text, never fails the post.

/** Deeper than any document a person writes; a hostile one is cut there (its text is dropped below). */
const MAX_DEPTH = 64;

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const childrenOf = (node: Node): Node[] => (Array.isArray(node.nodes) ? node.nodes.filter(isNode) : []);
const dataOf = (node: Node): Node => (isNode(node.data) ? node.data : {});

const MARK_FENCES: Record<string, string> = { bold: '**', italic: '_', strikethrough: '~~' };
const ESCAPED = /[\\`*_[\]<~]/g;

export function documentToMarkdown(document: { nodes: unknown[] }): string {
  return blocksToMarkdown(document.nodes.filter(isNode), 0).trim();
}

/** Blocks separated by blank lines (what makes them separate blocks in markdown). */
function blocksToMarkdown(blocks: Node[], depth: number): string {
  if (depth > MAX_DEPTH) return '';
  return blocks
    .map((b) => blockToMarkdown(b, depth + 1))
    .filter((text) => text !== '')
    .join('\n\n');
}

function blockToMarkdown(block: Node, depth: number): string {
  const type = typeof block.type === 'string' ? block.type : '';
  const data = dataOf(block);
  const heading = /^heading-([1-3])$/.exec(type);
  if (heading) return `${'#'.repeat(Number(heading[1]))} ${inlinesToMarkdown(childrenOf(block), depth)}`;
  switch (type) {
    case 'paragraph':
      return inlinesToMarkdown(childrenOf(block), depth);
    case 'list-unordered':
    case 'list-ordered':
    case 'list-tasks':
      return listToMarkdown(type, block, depth);
    case 'blockquote':
      return prefixLines(blocksToMarkdown(childrenOf(block), depth), '> ', '> ');
    case 'hint': {
      const style = typeof data.style === 'string' && /^[a-z]+$/.test(data.style) ? data.style : 'info';
      return `{% hint style="${style}" %}\n${blocksToMarkdown(childrenOf(block), depth)}\n{% endhint %}`;
    }
    case 'code': {
      const lines = childrenOf(block).map((line) => textOf(line, depth));
      const syntax = typeof data.syntax === 'string' && /^[\w+#.-]{1,32}$/.test(data.syntax) ? data.syntax : '';
      const fence = '`'.repeat(Math.max(3, longestRun(lines.join('\n'), '`') + 1));
      return `${fence}${syntax}\n${lines.join('\n')}\n${fence}`;
    }
    case 'divider':
      return '---';
    case 'image': {
      const url = urlOf(data.ref);
      const alt = typeof data.alt === 'string' ? escapeText(data.alt) : '';
      return url ? `![${alt}](${url})` : alt;
    }
    case 'openapi-operation': {
      // GitBook's tag; a value a tag attribute cannot hold (a quote, a newline) leaves the block out.
      const ref = isNode(data.ref) ? data.ref : {};
      const attrs = [ref.spec, data.path, data.method];
      if (!attrs.every((v): v is string => typeof v === 'string' && v !== '' && !/["\n\r]|%\}/.test(v))) return '';
      return `{% openapi-operation spec="${attrs[0]}" path="${attrs[1]}" method="${attrs[2]}" %}\n{% endopenapi-operation %}`;
    }
    case 'openapi-schemas': {
      // GitBook's `{% openapi-schemas spec="…" schemas="A,B" grouped="false" %}`: names holding a comma cannot be listed.
      const ref = isNode(data.ref) ? data.ref : {};
      const names = Array.isArray(data.schemas) ? data.schemas : [];
      if (!tagValue(ref.spec) || names.length === 0 || !names.every((n) => tagValue(n) && !n.includes(','))) return '';
      const grouped = data.grouped === false ? ' grouped="false"' : '';
      return `{% openapi-schemas spec="${ref.spec}" schemas="${names.join(',')}"${grouped} %}\n{% endopenapi-schemas %}`;
    }
    case 'openapi-webhook': {
      const ref = isNode(data.ref) ? data.ref : {};
      const attrs = [ref.spec, data.name, data.method];
      if (!attrs.every(tagValue)) return '';
      return `{% openapi-webhook spec="${attrs[0]}" name="${attrs[1]}" method="${attrs[2]}" %}\n{% endopenapi-webhook %}`;
    }
    case 'swagger': {
      // GitBook's `{% swagger src="…" path="…" method="…" %}` for a spec by URL (a space file has no markdown form).
      const ref = isNode(data.ref) ? data.ref : {};
      // A quote in the URL is percent-encoded (the same address), so that the attribute can hold it.
      const attrs = [ref.kind === 'url' && typeof ref.url === 'string' ? ref.url.replace(/"/g, '%22') : undefined, data.path, data.method];
      if (!attrs.every(tagValue)) return '';
      return `{% swagger src="${attrs[0]}" path="${attrs[1]}" method="${attrs[2]}" %}`;
    }
    default:
      // A block with no markdown form keeps its text: nested blocks as blocks, inline content as a paragraph.
      return childrenOf(block).some((c) => c.object === 'block') ? blocksToMarkdown(childrenOf(block), depth) : inlinesToMarkdown(childrenOf(block), depth);
  }
}

function listToMarkdown(type: string, list: Node, depth: number): string {
  const start = Number(dataOf(list).start);
  const first = Number.isSafeInteger(start) && start >= 0 ? start : 1;
  return childrenOf(list)
    .map((item, i) => {
      const checked = dataOf(item).checked === true;
      const marker = type === 'list-ordered' ? `${first + i}. ` : type === 'list-tasks' ? `- [${checked ? 'x' : ' '}] ` : '- ';
      const content = item.type === 'list-item' ? blocksToMarkdown(childrenOf(item), depth) : blockToMarkdown(item, depth + 1);
      return prefixLines(content, marker, ' '.repeat(marker.length));
    })
    .join('\n');
}

function inlinesToMarkdown(nodes: Node[], depth: number): string {
  if (depth > MAX_DEPTH) return '';
  return nodes.map((node) => inlineToMarkdown(node, depth + 1)).join('');
}

function inlineToMarkdown(node: Node, depth: number): string {
  if (node.object === 'text') return (Array.isArray(node.leaves) ? node.leaves.filter(isNode) : []).map(leafToMarkdown).join('');
  if (node.object === 'leaf') return leafToMarkdown(node);
  const data = dataOf(node);
  const url = urlOf(data.ref);
  if (node.type === 'link') {
    const label = inlinesToMarkdown(childrenOf(node), depth);
    return url ? `[${label}](${url})` : label;
  }
  if (node.type === 'inline-image') {
    const alt = typeof data.alt === 'string' ? escapeText(data.alt) : '';
    return url ? `![${alt}](${url})` : alt;
  }
  return inlinesToMarkdown(childrenOf(node), depth);
}

/** A text leaf with its marks; spaces stay outside the fences (`** x**` would not be bold). */
function leafToMarkdown(leaf: Node): string {
  const text = typeof leaf.text === 'string' ? leaf.text : '';
  const marks = (Array.isArray(leaf.marks) ? leaf.marks.filter(isNode) : []).map((m) => m.type);
  // trim* strip exactly what `\s` matches, in one pass (a pattern splitting the spaces was quadratic).
  const core = text.trim();
  const lead = text.slice(0, text.length - text.trimStart().length);
  const trail = text.slice(text.trimEnd().length);
  if (!core) return text;
  if (marks.includes('code')) {
    const fence = '`'.repeat(longestRun(core, '`') + 1);
    return `${lead}${fence}${core.startsWith('`') || core.endsWith('`') ? ` ${core} ` : core}${fence}${trail}`;
  }
  const fences = marks.map((m) => (typeof m === 'string' ? MARK_FENCES[m] : undefined)).filter((f): f is string => !!f);
  const open = fences.join('');
  const close = [...fences].reverse().join('');
  return `${lead}${open}${escapeText(core)}${close}${trail}`;
}

/** The text of a node and its descendants (code lines hold plain text). */
function textOf(node: Node, depth: number): string {
  if (depth > MAX_DEPTH) return '';
  if (node.object === 'leaf') return typeof node.text === 'string' ? node.text : '';
  if (node.object === 'text') return (Array.isArray(node.leaves) ? node.leaves.filter(isNode) : []).map((l) => textOf(l, depth + 1)).join('');
  return childrenOf(node)
    .map((c) => textOf(c, depth + 1))
    .join('');
}

/** A URL reference's address, or another space's page (`quire-ref:`); page and file references of the space have none outside it. */
/** A value a tag attribute can hold: a non-empty string without a quote, a newline or a tag end. */
function tagValue(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && !/["\n\r]|%\}/.test(value);
}

function urlOf(ref: unknown): string | null {
  const otherSpace = spaceRefTarget(ref);
  if (otherSpace) return otherSpace.replace(/[()\s]/g, encodeURIComponent);
  if (!isNode(ref) || ref.kind !== 'url' || typeof ref.url !== 'string') return null;
  return ref.url.replace(/[()\s]/g, encodeURIComponent);
}

function escapeText(text: string): string {
  return text.replace(ESCAPED, '\\$&');
}

function prefixLines(text: string, first: string, rest: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? first : line ? rest : rest.trimEnd()) + line)
    .join('\n');
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
