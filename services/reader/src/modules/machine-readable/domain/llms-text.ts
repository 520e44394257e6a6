// `llms.txt` and `llms-full.txt` (llmstxt.org) of a published site: pure text builders. Titles and
// descriptions come from content, so they are flattened to one line and escaped where markdown
// would read them as syntax: a title cannot close its link text, a URL cannot close its link.

export interface LlmsPage {
  title: string;
  /** The absolute URL of the page's markdown (`<page>.md`). */
  url: string;
  description: string;
}

export interface LlmsSection {
  /** The section and site space (`Guides — v2`), or the site space's title. */
  title: string;
  pages: LlmsPage[];
}

/** At most this many pages in `llms-full.txt` (and listed in `llms.txt`), and this many bytes of `llms-full.txt`. */
export const MAX_LLMS_PAGES = 10_000;
export const MAX_LLMS_FULL_BYTES = 20 * 1024 * 1024;

/** One line: newlines and other control characters become spaces, runs of spaces one. */
export function oneLine(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Link text: one line, with `\`, `[` and `]` escaped so the text cannot end the link early. */
export function linkText(text: string): string {
  return oneLine(text).replace(/[\\[\]]/g, (c) => `\\${c}`) || 'Untitled';
}

/** A link destination: spaces, parentheses and angle brackets percent-encoded so it cannot end early. */
export function linkUrl(url: string): string {
  return url.replace(/[\s()<>]/g, (c) => (c.charCodeAt(0) < 128 ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(c)));
}

/** `llms.txt`: the site's title, a summary, then per site space a list of its pages' markdown links. */
export function llmsTxt(site: { title: string; summary: string }, sections: readonly LlmsSection[]): string {
  const lines = [`# ${oneLine(site.title) || 'Documentation'}`, ''];
  const summary = oneLine(site.summary);
  if (summary) lines.push(`> ${summary}`, '');
  let listed = 0;
  for (const section of sections) {
    const pages = section.pages.slice(0, Math.max(0, MAX_LLMS_PAGES - listed));
    if (pages.length === 0) continue;
    listed += pages.length;
    lines.push(`## ${oneLine(section.title) || 'Pages'}`, '');
    for (const page of pages) {
      const description = oneLine(page.description);
      lines.push(`- [${linkText(page.title)}](${linkUrl(page.url)})${description ? `: ${description}` : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * One page of `llms-full.txt`: its title and URL, then its markdown with its relative links made
 * absolute against the page's own `.md` URL: read at the site's root, `quickstart.md` of a v1 page
 * would otherwise name the default site space's page.
 */
export function llmsFullEntry(page: { title: string; url: string }, markdown: string): string {
  return `# ${oneLine(page.title) || 'Untitled'}\n\nSource: ${linkUrl(page.url)}\n\n${absoluteLinks(markdown.trim(), page.url)}\n`;
}

/** Inline link and image destinations (`](dest)`, `](<dest>)`) outside fenced code, resolved against `base`. */
export function absoluteLinks(markdown: string, base: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return line;
      return line.replace(/\]\((<[^>\n]*>|[^)\s]+)/g, (match, dest: string) => {
        const bare = dest.startsWith('<') ? dest.slice(1, -1) : dest;
        if (!bare || bare.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(bare)) return match;
        try {
          return `](${linkUrl(new URL(bare, base).href)}`;
        } catch {
          return match;
        }
      });
    })
    .join('\n');
}

/**
 * `llms-full.txt` from its entries, in order, within MAX_LLMS_FULL_BYTES: the entries that fit
 * whole, then a last line saying how many were left out and where the list of every page is.
 */
export class LlmsFullText {
  private readonly parts: string[] = [];
  private bytes = 0;
  private stopped = false;
  private leftOut = 0;

  constructor(
    private readonly llmsTxtUrl: string,
    private readonly maxBytes: number = MAX_LLMS_FULL_BYTES,
  ) {}

  /** Adds an entry; false once the cap is reached (every later entry is left out too). */
  add(entry: string): boolean {
    const size = Buffer.byteLength(entry) + 1;
    if (this.stopped || this.bytes + size > this.maxBytes) {
      this.stopped = true;
      this.leftOut += 1;
      return false;
    }
    this.parts.push(entry);
    this.bytes += size;
    return true;
  }

  /** Counts pages left out without their text (past MAX_LLMS_PAGES). */
  skip(count: number): void {
    this.leftOut += count;
  }

  get full(): boolean {
    return this.stopped;
  }

  text(): string {
    const note = this.leftOut > 0 ? [`> ${this.leftOut} more pages left out (limits: 10,000 pages, 20 MB). Every page: ${linkUrl(this.llmsTxtUrl)}\n`] : [];
    return [...this.parts, ...note].join('\n');
  }
}
