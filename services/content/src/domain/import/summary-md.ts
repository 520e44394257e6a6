// SUMMARY.md, the table of contents GitBook and mdBook read: nested bullet lists of
// `[Title](path.md)`, headings that start a group (GitBook's `## Group`, mdBook's `# Part`),
// optional `# Summary` title line first, `---` separators, and mdBook's bullet-less prefix and
// suffix chapters. https://docs.gitbook.com/getting-started/git-sync/content-configuration#summary
// https://rust-lang.github.io/mdBook/format/summary.html

export interface SummaryItem {
  title: string;
  /** The link target as written (may be empty for an mdBook draft chapter, absent for a group). */
  path?: string;
  children: SummaryItem[];
}

const BULLET = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LINK = /^\[(.*?)\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+["'(][^)]*)?\)/;

/** The items of a SUMMARY.md, top level first; a group heading is an item without `path`. */
export function parseSummary(text: string): SummaryItem[] {
  const top: SummaryItem[] = [];
  let group: SummaryItem | undefined;
  // Open list items by indentation, so that a deeper bullet nests under the one above it.
  let stack: { indent: number; item: SummaryItem }[] = [];
  let isFirstLine = true;
  let inFence = false;

  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence || !line.trim()) continue;
    const heading = HEADING.exec(line);
    const wasFirstLine = isFirstLine;
    isFirstLine = false;
    if (heading) {
      if (wasFirstLine && heading[1] === '#') continue; // the summary's own title
      group = { title: inlineText(heading[2] ?? ''), children: [] };
      if (group.title) top.push(group);
      else group = undefined;
      stack = [];
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      const item = toItem(bullet[2] ?? '');
      if (!item) continue;
      const indent = (bullet[1] ?? '').replace(/\t/g, '    ').length;
      while (stack.length && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
      (stack.at(-1)?.item.children ?? group?.children ?? top).push(item);
      stack.push({ indent, item });
      continue;
    }
    const bare = LINK.exec(line.trim());
    if (bare && !/^\s/.test(line)) {
      // mdBook's prefix/suffix chapters stand outside any part.
      const item = toItem(line.trim());
      if (item) top.push(item);
      group = undefined;
      stack = [];
    }
  }
  return top;
}

function toItem(content: string): SummaryItem | undefined {
  const link = LINK.exec(content.trim());
  if (link) {
    const title = inlineText(link[1] ?? '');
    const target = (link[2] ?? '').replace(/^<|>$/g, '');
    return title ? { title, path: target, children: [] } : undefined;
  }
  const title = inlineText(content);
  return title ? { title, path: '', children: [] } : undefined;
}

/** Link text without emphasis or code markers (`**Intro**` → `Intro`) and without escapes. */
function inlineText(text: string): string {
  return text
    .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1')
    .trim();
}
