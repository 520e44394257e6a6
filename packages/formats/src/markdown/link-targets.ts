// Link and image targets inside a markdown body: found and rewritten in place, so that the stored
// markdown keeps the author's text and only the targets change. Fenced code and inline code are
// left alone; inline links and images, reference definitions, HTML `href`/`src` and GitBook's
// `{% content-ref url="…" %}` are targets.

export type TargetKind = 'link' | 'image';

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
// Each scan stops where the next link could begin (an unescaped `[`, `<`, an unbalanced `(`), so a
// line is matched in linear time: `[[[…`, `[a]([a](…` or `<a <a …` once took minutes per 200 kB.
const INLINE = /(?<!\\)(!?)\[((?:[^[\]\\]|\\.)*)\]\(\s*(<[^<>\n]*>|(?:[^\s()]|\([^\s()]*\))+)((?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*)\)/g;
const DEFINITION = /^(\s{0,3}\[[^\]\n]+\]:\s*)(<[^>\n]*>|\S+)/;
const HTML_ATTR = /(<(?:a|img)\b[^<>]*?\s(href|src)\s*=\s*")([^"]*)(")/gi;
const CONTENT_REF = /(\{%\s*content-ref\s+url=")([^"]*)("\s*%\})/g;
const CODE_SPAN = /(`+)[\s\S]*?\1/g;

/**
 * A target's replacement: a new target, `undefined` to keep it, or `null` to unlink an inline link
 * (its text stays, as plain text; an image, a definition or an HTML/GitBook target is then kept).
 */
export type TargetRewrite = (target: string, kind: TargetKind) => string | null | undefined;

/** Calls `rewrite` for every target (in order); its answer replaces the target (see TargetRewrite). */
export function rewriteTargets(markdown: string, rewrite: TargetRewrite): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const fenceMatch = FENCE.exec(line);
      if (fence) {
        if (fenceMatch && fenceMatch[1]?.[0] === fence[0] && (fenceMatch[1]?.length ?? 0) >= fence.length) fence = null;
        return line;
      }
      if (fenceMatch) {
        fence = fenceMatch[1] as string;
        return line;
      }
      return rewriteLine(line, rewrite);
    })
    .join('\n');
}

function rewriteLine(line: string, rewrite: TargetRewrite): string {
  const definition = DEFINITION.exec(line);
  if (definition) {
    const target = unwrap(definition[2] as string);
    const next = rewrite(target, 'link');
    return next === undefined || next === null ? line : `${definition[1]}${wrap(next)}${line.slice(definition[0].length)}`;
  }
  // Code spans are cut out first so that a link written inside backticks stays text.
  const spans: string[] = [];
  const masked = line.replace(CODE_SPAN, (span) => `\u0000${spans.push(span) - 1}\u0000`);
  const rewritten = masked
    .replace(INLINE, (whole, bang: string, text: string, rawTarget: string, title: string) => {
      const next = rewrite(unwrap(rawTarget), bang ? 'image' : 'link');
      if (next === null) return bang ? whole : text;
      return next === undefined ? whole : `${bang}[${text}](${wrap(next)}${title})`;
    })
    .replace(HTML_ATTR, (whole, before: string, attr: string, target: string, after: string) => {
      const next = rewrite(target, attr.toLowerCase() === 'src' ? 'image' : 'link');
      return next === undefined || next === null ? whole : `${before}${next.replace(/"/g, '%22')}${after}`;
    })
    .replace(CONTENT_REF, (whole, before: string, target: string, after: string) => {
      const next = rewrite(target, 'link');
      return next === undefined || next === null ? whole : `${before}${next.replace(/"/g, '%22')}${after}`;
    });
  return rewritten.replace(/\u0000(\d+)\u0000/g, (_m, index: string) => spans[Number(index)] ?? '');
}

function unwrap(target: string): string {
  return target.startsWith('<') && target.endsWith('>') ? target.slice(1, -1) : target;
}

/** A target as INLINE reads it back: bare unless it holds spaces, `<>` or parentheses other than one balanced level (`a%20(1).svg`). */
function wrap(target: string): string {
  return BARE_TARGET.test(target) ? target : `<${target.replace(/[<>]/g, encodeURIComponent)}>`;
}

const BARE_TARGET = /^(?:[^\s()<>]|\([^\s()<>]*\))+$/;

/** Every target of a body, in order (what link extraction stores). */
export function listTargets(markdown: string): { target: string; kind: TargetKind }[] {
  const found: { target: string; kind: TargetKind }[] = [];
  rewriteTargets(markdown, (target, kind) => {
    found.push({ target, kind });
    return undefined;
  });
  return found;
}
