import type { GitLayoutPage } from './git-layout';

// SUMMARY.md as writeGitLayout writes it, for parseSummary to read back: `## Title` for a group,
// nested `* [Title](file)` items, `* [Title](https://…)` for a link page, and `---` before a
// top-level page that follows a group (else it would read as the group's).

/** `fileOf` answers a document's file relative to SUMMARY.md's folder. */
export function summaryText(pages: readonly GitLayoutPage[], fileOf: (page: GitLayoutPage) => string): string {
  const lines = ['# Table of contents', ''];
  const item = (page: GitLayoutPage, depth: number) => {
    const target = page.kind === 'document' ? fileOf(page) : page.kind === 'link' && page.href ? linkTarget(page.href) : undefined;
    // A group below the top level or a link without a URL has no form here: a plain entry.
    lines.push(`${'  '.repeat(depth)}* ${target === undefined ? inlineText(page.title) : `[${inlineText(page.title)}](${target})`}`);
    for (const child of page.children) item(child, depth + 1);
  };
  let isInGroup = false;
  for (const page of pages) {
    if (page.kind === 'group') {
      if (lines.at(-1) !== '') lines.push('');
      lines.push(`## ${inlineText(page.title)}`, '');
      for (const child of page.children) item(child, 0);
      isInGroup = true;
      continue;
    }
    if (isInGroup) {
      if (lines.at(-1) !== '') lines.push('');
      lines.push('---', '');
      isInGroup = false;
    }
    item(page, 0);
  }
  if (lines.at(-1) === '') lines.pop();
  return `${lines.join('\n')}\n`;
}

/** A title as link or heading text: on one line, markdown's punctuation escaped. */
function inlineText(title: string): string {
  return title.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/[\\`*_[\]()#<>!]/g, '\\$&');
}

/** A URL in `<…>` when it holds spaces or parentheses (a `>` in it %-encoded, since it would end it). */
function linkTarget(href: string): string {
  return /[\s()<>]/.test(href) ? `<${href.replace(/>/g, '%3E')}>` : href;
}
