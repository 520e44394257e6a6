import { readMarkdownPage, splitFrontMatter } from '../import/markdown-page';
import { frontMatterText, type PageFields, readFrontMatter } from './page-front-matter';

// A document page as its markdown file: front matter when a field is set, then `# Title`, a blank
// line and the body. Reading undoes exactly that, so that a body comes back byte for byte.

export interface PageFile extends PageFields {
  /** From front matter, else from a `# heading` that opens the body (then not part of `markdown`). */
  title?: string;
  markdown: string;
}

export function readPageFile(text: string, where: string): PageFile {
  const { yaml } = splitFrontMatter(text);
  const fields = yaml === undefined ? {} : readFrontMatter(yaml, where);
  const page = readMarkdownPage(text);
  if (fields.title !== undefined) {
    // `title:` and then `# <title>` (other tools write both): the heading is the title, not body.
    const repeatsTitle = page.markdown.replace(/^(?:[ \t]*\r?\n)*/, '').split(/\r?\n/, 1)[0] === `# ${fields.title}`;
    return { ...fields, markdown: repeatsTitle ? withoutTitleLine(page.markdown) : page.markdown };
  }
  if (!page.isHeadingFirst || !page.heading) return { ...fields, markdown: page.markdown };
  return { ...fields, title: page.heading, markdown: withoutTitleLine(page.markdown) };
}

export function pageFileText(page: PageFields & { title: string; markdown?: string }): string {
  const { title, markdown = '', ...fields } = page;
  if (!canBeHeading(title)) return frontMatterText({ title, ...fields }) + markdown;
  const frontMatter = frontMatterText(fields);
  return `${frontMatter}${frontMatter ? '\n' : ''}# ${title}\n${markdown ? `\n${markdown}` : ''}`;
}

/** Whether `# <title>` reads back as the same title (no newline, no closing `#`s, no surrounding spaces). */
function canBeHeading(title: string): boolean {
  return !/[\r\n\u2028\u2029]/.test(title) && readMarkdownPage(`# ${title}\n`).heading === title;
}

/** The body after its title heading: blank lines before it, the heading line, and the one blank line the writer puts after it. */
function withoutTitleLine(markdown: string): string {
  return markdown.replace(/^(?:[ \t]*\r?\n)*[^\n]*(?:\n|$)(?:[ \t]*\r?\n)?/, '');
}
