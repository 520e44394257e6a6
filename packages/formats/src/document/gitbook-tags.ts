// GitBook's block syntax inside markdown: Liquid-style tags on their own lines
// (`{% hint style="info" %}` … `{% endhint %}`, `{% embed url="…" %}`) and `<details>` blocks.
// They are split out before markdown parsing; tags inside fenced code stay code.

export type Segment = { kind: 'markdown'; text: string } | { kind: 'tag'; name: string; attrs: Record<string, string>; children: Segment[] };

/** Tags that wrap content until `{% end<name> %}`. */
const PAIRED = new Set(['hint', 'tabs', 'tab', 'code', 'stepper', 'step', 'content-ref', 'details']);
/** Tags that stand alone. */
const VOID = new Set(['embed', 'file', 'include', 'swagger']);

const TAG_LINE = /^\s*\{%\s*(end)?([a-z][a-z-]*)((?:\s+[a-zA-Z][\w-]*\s*=\s*"[^"]*")*)\s*%\}\s*$/;
const ATTR = /([a-zA-Z][\w-]*)\s*=\s*"([^"]*)"/g;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const DETAILS_OPEN = /^\s*<details(\s[^>]*)?>\s*(?:<summary>(.*?)<\/summary>)?\s*$/i;
const SUMMARY = /^\s*<summary>(.*?)<\/summary>\s*$/i;
const DETAILS_CLOSE = /^\s*<\/details>\s*$/i;

interface Open {
  name: string;
  attrs: Record<string, string>;
  children: Segment[];
  lines: string[];
  /** The tag line itself, given back as text when the tag is never closed. */
  source: string;
}

export function splitGitBookTags(markdown: string): Segment[] {
  const root: Open = { name: '', attrs: {}, children: [], lines: [], source: '' };
  const stack: Open[] = [root];
  let fence: string | null = null;
  const top = () => stack[stack.length - 1] as Open;
  const flush = (frame: Open) => {
    if (frame.lines.length) frame.children.push({ kind: 'markdown', text: frame.lines.join('\n') });
    frame.lines = [];
  };

  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]?.[0] === fence[0] && (fenceMatch[1]?.length ?? 0) >= fence.length) fence = null;
      top().lines.push(line);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1] as string;
      top().lines.push(line);
      continue;
    }
    const details = DETAILS_OPEN.exec(line);
    if (details) {
      flush(top());
      stack.push({ name: 'details', attrs: details[2] !== undefined ? { summary: details[2] } : {}, children: [], lines: [], source: line });
      continue;
    }
    const summary = SUMMARY.exec(line);
    if (summary && top().name === 'details' && top().attrs.summary === undefined && top().lines.every((l) => l.trim() === '')) {
      top().attrs.summary = summary[1] as string;
      top().lines = [];
      continue;
    }
    if (DETAILS_CLOSE.test(line) && closes(stack, 'details')) {
      close(stack, 'details', flush);
      continue;
    }
    const tag = TAG_LINE.exec(line);
    const name = tag?.[2];
    if (tag && name) {
      if (tag[1] === 'end' && PAIRED.has(name) && closes(stack, name)) {
        close(stack, name, flush);
        continue;
      }
      if (!tag[1] && (PAIRED.has(name) || VOID.has(name))) {
        flush(top());
        const attrs = Object.fromEntries([...(tag[3] ?? '').matchAll(ATTR)].map((m) => [m[1] as string, m[2] as string]));
        if (VOID.has(name)) top().children.push({ kind: 'tag', name, attrs, children: [] });
        else stack.push({ name, attrs, children: [], lines: [], source: line });
        continue;
      }
    }
    top().lines.push(line);
  }
  // Tags never closed are not tags: their lines go back to the text, in order.
  while (stack.length > 1) {
    const frame = stack.pop() as Open;
    flush(frame);
    const parent = top();
    flush(parent);
    parent.children.push({ kind: 'markdown', text: frame.source }, ...frame.children);
  }
  flush(root);
  return root.children;
}

function closes(stack: Open[], name: string): boolean {
  return stack.length > 1 && stack[stack.length - 1]?.name === name;
}

function close(stack: Open[], name: string, flush: (frame: Open) => void): void {
  const frame = stack.pop() as Open;
  flush(frame);
  const parent = stack[stack.length - 1] as Open;
  flush(parent);
  parent.children.push({ kind: 'tag', name, attrs: frame.attrs, children: frame.children });
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
