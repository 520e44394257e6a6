// A markdown file as a page: its YAML frontmatter read (title, description) and stripped, and the
// `# heading` that titles it found. Only the scalars GitBook writes are read (`key: value`, quoted
// values, `>-`/`|` blocks); a full YAML parser would add a dependency for two keys.

export interface MarkdownPage {
  /** The first `# heading` outside code. */
  heading?: string;
  /** True when that heading is the body's first block (the writer shows the title itself). */
  isHeadingFirst: boolean;
  frontmatter: { title?: string; description?: string };
  /** The body without frontmatter. */
  markdown: string;
}

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const ATX_H1 = /^ {0,3}#[ \t]+(?![ \t])(.*)$/;

export function readMarkdownPage(text: string): MarkdownPage {
  const { yaml, markdown } = splitFrontMatter(text);
  const frontmatter = yaml !== undefined ? readScalars(yaml) : {};
  const lines = markdown.split('\n');
  let inFence = false;
  let isFirstBlock = true;
  for (const line of lines) {
    if (/^ {0,3}(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence) {
      const h1 = headingText(ATX_H1.exec(line.replace(/\r$/, ''))?.[1]);
      if (h1) return { heading: h1, isHeadingFirst: isFirstBlock, frontmatter, markdown };
    }
    if (line.trim()) isFirstBlock = false;
  }
  return { isHeadingFirst: false, frontmatter, markdown };
}

/** A file's YAML front matter (the text between the `---` lines) and the body after it; a BOM is dropped. */
export function splitFrontMatter(text: string): { yaml?: string; markdown: string } {
  const source = text.replace(/^\uFEFF/, '');
  const match = FRONTMATTER.exec(source);
  return match ? { yaml: match[1] ?? '', markdown: source.slice(match[0].length) } : { markdown: source };
}

/**
 * An ATX heading's text without its optional closing `#`s. Done by hand: the regex form
 * (`(.*?)(?:[ \t]+#+)?[ \t]*$`) backtracks quadratically on a long line of spaces.
 */
export function headingText(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let text = raw.trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === 0) text = '';
  else if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t')) text = text.slice(0, end).trim();
  return text || undefined;
}

/** The body without its first block, when that block is the `# heading` used as the title. */
export function withoutLeadingHeading(markdown: string): string {
  return markdown.replace(/^(?:[ \t]*\r?\n)*[^\n]*(?:\n|$)/, '').replace(/^(?:[ \t]*\r?\n)+/, '');
}

/** `getting-started.md` → `Getting started` (a folder name keeps its dots); never empty. */
export function humanise(fileName: string, isFile: boolean): string {
  const words = (isFile ? fileName.replace(/\.[^.]+$/, '') : fileName).replace(/[-_\s]+/g, ' ').trim();
  const title = words ? words.charAt(0).toUpperCase() + words.slice(1) : fileName.trim();
  return title || 'Untitled';
}

function readScalars(yaml: string): { title?: string; description?: string } {
  const result: { title?: string; description?: string } = {};
  const lines = yaml.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const match = /^(title|description):[ \t]*(?![ \t])(.*)$/.exec(lines[i] ?? '');
    if (!match) continue;
    let value = match[2]?.trim() ?? '';
    if (/^[>|][-+]?$/.test(value)) {
      // A block scalar: the indented lines below; `>` folds them into one line.
      const block: string[] = [];
      while (i + 1 < lines.length && /^([ \t]+|$)/.test(lines[i + 1] ?? '')) block.push((lines[++i] ?? '').trim());
      value = block.join(value.startsWith('>') ? ' ' : '\n').trim();
    } else if (/^(["']).*\1$/.test(value)) {
      value = value.startsWith('"') ? unescapeDoubleQuoted(value) : value.slice(1, -1).replace(/''/g, "'");
    } else {
      value = value.replace(/\s#.*$/, '').trim();
    }
    if (value) result[match[1] as 'title' | 'description'] = value;
  }
  return result;
}

function unescapeDoubleQuoted(value: string): string {
  try {
    return JSON.parse(value) as string;
  } catch {
    return value.slice(1, -1);
  }
}
