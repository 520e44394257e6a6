// GitBook's block syntax inside markdown: Liquid-style tags on their own lines
// (`{% hint style="info" %}` … `{% endhint %}`, `{% embed url="…" %}`) and `<details>` blocks.
// They are split out before markdown parsing; tags inside fenced code stay code.

/** A run of markdown or a GitBook tag; `from`/`to` are the input lines it spans, [from, to), tag lines included. */
export type Segment = { from: number; to: number } & (
  { kind: 'markdown'; text: string } | { kind: 'tag'; name: string; attrs: Record<string, string>; children: Segment[] }
);

/** Tags that wrap content until `{% end<name> %}`. */
const PAIRED = new Set(['hint', 'tabs', 'tab', 'code', 'stepper', 'step', 'content-ref', 'details', 'openapi-operation', 'openapi-schemas', 'openapi-webhook']);
/** Tags that stand alone. */
const VOID = new Set(['embed', 'file', 'include', 'swagger']);

const TAG_LINE = /^\s*\{%\s*(end)?([a-z][a-z-]*)((?:\s+[a-zA-Z][\w-]*\s*=\s*"[^"]*")*)\s*%\}\s*$/;
const ATTR = /([a-zA-Z][\w-]*)\s*=\s*"([^"]*)"/g;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const DETAILS_OPEN = /^\s*<details(\s[^>]*)?>\s*(?:<summary>(.*?)<\/summary>\s*)?$/i;
const SUMMARY = /^\s*<summary>(.*?)<\/summary>\s*$/i;
const DETAILS_CLOSE = /^\s*<\/details>\s*$/i;

interface Open {
  name: string;
  attrs: Record<string, string>;
  children: Segment[];
  lines: string[];
  /** The input line of `lines[0]`. */
  linesFrom: number;
  /** The tag line itself, given back as text when the tag is never closed. */
  source: string;
  /** The input line of the tag line. */
  from: number;
}

export function splitGitBookTags(markdown: string): Segment[] {
  const root: Open = { name: '', attrs: {}, children: [], lines: [], linesFrom: 0, source: '', from: 0 };
  const stack: Open[] = [root];
  let fence: string | null = null;
  const top = () => stack[stack.length - 1] as Open;
  const flush = (frame: Open) => {
    const { lines, linesFrom } = frame;
    if (lines.length) frame.children.push({ kind: 'markdown', text: lines.join('\n'), from: linesFrom, to: linesFrom + lines.length });
    frame.lines = [];
  };
  // A frame's buffer takes lines one after the other: a tag in between flushes it first.
  const keep = (line: string, at: number) => {
    if (!top().lines.length) top().linesFrom = at;
    top().lines.push(line);
  };

  for (const [at, line] of markdown.split(/\r?\n/).entries()) {
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]?.[0] === fence[0] && (fenceMatch[1]?.length ?? 0) >= fence.length) fence = null;
      keep(line, at);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1] as string;
      keep(line, at);
      continue;
    }
    const details = DETAILS_OPEN.exec(line);
    if (details) {
      flush(top());
      const attrs: Record<string, string> = details[2] !== undefined ? { summary: details[2] } : {};
      stack.push({ name: 'details', attrs, children: [], lines: [], linesFrom: at + 1, source: line, from: at });
      continue;
    }
    const summary = SUMMARY.exec(line);
    if (summary && top().name === 'details' && top().attrs.summary === undefined && top().lines.every((l) => l.trim() === '')) {
      top().attrs.summary = summary[1] as string;
      top().lines = [];
      continue;
    }
    if (DETAILS_CLOSE.test(line) && closes(stack, 'details')) {
      close(stack, 'details', at, flush);
      continue;
    }
    const tag = TAG_LINE.exec(line);
    const name = tag?.[2];
    if (tag && name) {
      if (tag[1] === 'end' && PAIRED.has(name) && closes(stack, name)) {
        close(stack, name, at, flush);
        continue;
      }
      if (!tag[1] && (PAIRED.has(name) || VOID.has(name))) {
        flush(top());
        const attrs = Object.fromEntries([...(tag[3] ?? '').matchAll(ATTR)].map((m) => [m[1] as string, m[2] as string]));
        if (VOID.has(name)) top().children.push({ kind: 'tag', name, attrs, children: [], from: at, to: at + 1 });
        else stack.push({ name, attrs, children: [], lines: [], linesFrom: at + 1, source: line, from: at });
        continue;
      }
    }
    keep(line, at);
  }
  // Tags never closed are not tags: their lines go back to the text, in order.
  while (stack.length > 1) {
    const frame = stack.pop() as Open;
    flush(frame);
    const parent = top();
    flush(parent);
    parent.children.push({ kind: 'markdown', text: frame.source, from: frame.from, to: frame.from + 1 }, ...frame.children);
  }
  flush(root);
  return root.children;
}

function closes(stack: Open[], name: string): boolean {
  return stack.length > 1 && stack[stack.length - 1]?.name === name;
}

/** Closes the open tag `name` on the input line `at`. */
function close(stack: Open[], name: string, at: number, flush: (frame: Open) => void): void {
  const frame = stack.pop() as Open;
  flush(frame);
  const parent = stack[stack.length - 1] as Open;
  flush(parent);
  parent.children.push({ kind: 'tag', name, attrs: frame.attrs, children: frame.children, from: frame.from, to: at + 1 });
}

/** All the markdown inside some segments, tags left out, without recursion (depth is unbounded). */
export function segmentsText(segments: Segment[]): string {
  const texts: string[] = [];
  const pending: Segment[] = [...segments].reverse();
  for (let segment = pending.pop(); segment; segment = pending.pop()) {
    if (segment.kind === 'markdown') texts.push(segment.text);
    else pending.push(...[...segment.children].reverse());
  }
  return texts.join('\n\n');
}
