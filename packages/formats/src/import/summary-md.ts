import { isUrl, resolveRelative } from '../markdown/revision-paths';
import { ImportRefused } from './imported-content';
import { headingText } from './markdown-page';

// SUMMARY.md, the table of contents GitBook and mdBook read: nested bullet lists of
// `[Title](path.md)`, headings that start a group (GitBook's `## Group`, mdBook's `# Part`),
// optional `# Summary` title line first, `---` separators, and mdBook's bullet-less prefix and
// suffix chapters. https://docs.gitbook.com/getting-started/git-sync/content-configuration#summary
// https://rust-lang.github.io/mdBook/format/summary.html

export interface SummaryItem {
  title: string;
  /** The link target as written (empty for an mdBook draft chapter or a plain-text item, absent for a group). */
  path?: string;
  children: SummaryItem[];
}

export interface SummaryLimits {
  maxItems: number;
  /** Levels of nesting, a group counting as one. */
  maxDepth: number;
}

const HEADING = /^(#{1,6})[ \t]+(?![ \t])(.*)$/;
/** `---`, `***`, `* * *`: a thematic break ends the group above it (the top-level pages after a group). */
const BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const BULLET = /^([ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]+(?![ \t])(.*)$/;
/** Longer lines are not table-of-contents entries; skipping them keeps parsing linear. */
const MAX_LINE = 4096;

/** The items of a SUMMARY.md, top level first; a group heading is an item without `path`. */
export function parseSummary(text: string, limits: SummaryLimits): SummaryItem[] {
  const top: SummaryItem[] = [];
  let group: SummaryItem | undefined;
  // Open list items by indentation, so that a deeper bullet nests under the one above it.
  let stack: { indent: number; item: SummaryItem }[] = [];
  let isFirstLine = true;
  let inFence = false;
  let count = 0;
  const countItem = () => {
    if (++count > limits.maxItems) throw new ImportRefused(`SUMMARY.md lists more than ${limits.maxItems} entries`);
  };

  for (const rawLine of text.split('\n')) {
    const line = rawLine.replace(/\r$/, '');
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence || !line.trim() || line.length > MAX_LINE) continue;
    const wasFirstLine = isFirstLine;
    isFirstLine = false;
    if (BREAK.test(line)) {
      group = undefined;
      stack = [];
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      stack = [];
      const title = inlineText(headingText(heading[2]) ?? '');
      group = undefined;
      if (wasFirstLine && heading[1] === '#') continue; // the summary's own title
      if (!title) continue;
      group = { title, children: [] };
      countItem();
      top.push(group);
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      const item = toItem(bullet[2] ?? '');
      if (!item) continue;
      const indent = (bullet[1] ?? '').replace(/\t/g, '    ').length;
      while (stack.length && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
      if (stack.length + (group ? 2 : 1) > limits.maxDepth) throw new ImportRefused(`SUMMARY.md nests entries more than ${limits.maxDepth} levels deep`);
      countItem();
      (stack.at(-1)?.item.children ?? group?.children ?? top).push(item);
      stack.push({ indent, item });
      continue;
    }
    if (line.startsWith('[')) {
      // mdBook's prefix and suffix chapters stand outside any part.
      const item = toItem(line);
      if (!item) continue;
      countItem();
      top.push(item);
      group = undefined;
      stack = [];
    }
  }
  return top;
}

/** `[Title](target "optional title")`, or plain text; by hand, since a regex for it backtracks. */
function toItem(content: string): SummaryItem | undefined {
  const text = content.trim();
  const close = text.startsWith('[') ? text.indexOf('](') : -1;
  if (close === -1) {
    const title = inlineText(text);
    return title && !text.startsWith('[') ? { title, path: '', children: [] } : undefined;
  }
  const title = inlineText(text.slice(1, close));
  let target = text.slice(close + 2).trimStart();
  const end = target.startsWith('<') ? target.indexOf('>') : target.search(/[\s)]/);
  if (end === -1 || !text.includes(')', close)) return undefined;
  target = target.startsWith('<') ? target.slice(1, end) : target.slice(0, end);
  return title ? { title, path: target, children: [] } : undefined;
}

/** Link text without strong/code markers (`**Intro**` → `Intro`), a wrapping `*`/`_`, or backslash escapes (`\[1\]` → `[1]`). */
function inlineText(text: string): string {
  // One entry per UTF-16 unit, marked when escaped: `\*` stays a star where `**` is markup.
  const units: { unit: string; isEscaped: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text[i] as string;
    const next = text[i + 1];
    if (unit === '\\' && next !== undefined && ESCAPABLE.test(next)) units.push({ unit: text[++i] as string, isEscaped: true });
    else if ((unit === '*' || unit === '_') && next === unit) i++;
    else if (unit !== '`') units.push({ unit, isEscaped: false });
  }
  const plain = units.map((u) => u.unit).join('');
  const start = plain.length - plain.trimStart().length;
  const kept = units.slice(start, start + plain.trim().length);
  const [first, last] = [kept[0], kept.at(-1)];
  const isWrapped = kept.length > 1 && !first?.isEscaped && !last?.isEscaped && (first?.unit === '*' || first?.unit === '_') && last?.unit === first.unit;
  return isWrapped ? plain.trim().slice(1, -1).trim() : plain.trim();
}

/** CommonMark: any ASCII punctuation character may be backslash-escaped. */
const ESCAPABLE = /[!-/:-@[-`{-~]/;

/** A SUMMARY.md entry as a page, its target found among the content's files: what zip import and Git Sync build their trees from. */
export interface SummaryPage {
  kind: 'document' | 'group' | 'link';
  title: string;
  /** Documents: the listed file, by its path from the root; absent for a draft, a plain-text entry or a missing file. */
  file?: string;
  /** Link pages: the URL. */
  href?: string;
  children: SummaryPage[];
}

export interface SummarySource {
  /** SUMMARY.md's path from the root: its links are relative to it. */
  path: string;
  text: string;
}

/** The URLs a link page may hold: the web and mail, never script. */
const LINK_URL = /^(?:https?:|mailto:|\/\/)/i;

/** A folder's index page by preference: README before index, markdown before HTML. */
export const INDEX_NAMES = ['readme.md', 'readme.markdown', 'index.md', 'index.markdown', 'index.html', 'index.htm'];

/**
 * The one reading of SUMMARY.md into pages (zip import and Git Sync alike): `## Group` headings are
 * group pages; `[Title](https://…)` entries (http, https, mailto) link pages, whose nested entries
 * follow them (a link page has no children); `[Title](path)` a document of that file — found as written, by %-decoded
 * path, in any case, or a folder by its index page — relative to SUMMARY.md; a file listed again
 * gives way to its nested entries (one file, one page, as GitBook lists it); a draft, plain text or a
 * missing file is a titled document without a file. `files`: the page files by path.
 */
export function readSummary(summary: SummarySource, files: ReadonlySet<string>, limits: SummaryLimits): SummaryPage[] {
  const byLowerPath = new Map<string, string>();
  for (const path of files) if (!byLowerPath.has(path.toLowerCase())) byLowerPath.set(path.toLowerCase(), path);
  const fileAt = (path: string): string | undefined => {
    const found = files.has(path) ? path : byLowerPath.get(path.toLowerCase());
    if (found !== undefined) return found;
    const folder = path.replace(/\/$/, '');
    return INDEX_NAMES.map((name) => byLowerPath.get(`${folder ? `${folder}/` : ''}${name}`)).find(Boolean);
  };
  const used = new Set<string>();
  const pageOf = (item: SummaryItem): SummaryPage[] => {
    const children = () => item.children.flatMap(pageOf);
    if (item.path === undefined) return [{ kind: 'group', title: item.title, children: children() }];
    if (LINK_URL.test(item.path)) return [{ kind: 'link', title: item.title, href: item.path, children: [] }, ...children()];
    // Another scheme (`javascript:`, `data:`) is no page to link to: a titled page without a body.
    if (isUrl(item.path)) return [{ kind: 'document', title: item.title, children: children() }];
    const resolved = item.path && !item.path.startsWith('#') ? resolveRelative(item.path, summary.path) : undefined;
    const file = resolved && fileAt(resolved.path);
    if (file !== undefined && used.has(file)) return children();
    if (file !== undefined) used.add(file);
    return [{ kind: 'document', title: item.title, ...(file !== undefined ? { file } : {}), children: children() }];
  };
  return parseSummary(summary.text, limits).flatMap(pageOf);
}
