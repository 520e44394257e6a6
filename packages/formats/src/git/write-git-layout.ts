import { assetFile, pageFile } from '../markdown/revision-paths';
import { slugify, uniqueSlug } from '../markdown/slugs';
import type { GitLayoutContent, GitLayoutOptions, GitLayoutPage, RepoFile } from './git-layout';
import { CONFIG_FILE, DEFAULT_CONFIG, gitBookConfigText } from './gitbook-config';
import { pageFileText } from './page-file';
import { pagesSharingFolder } from './page-paths';
import { configuredPath, joinPath } from './repo-paths';
import { summaryText } from './summary-file';

// A space's content as repository files in GitBook's layout, for readGitLayout to read back as it
// was. Each document is written at its file in Quire's layout, `<slug path>.md`, so that its body's
// links hold as they are; the first document is named as the readme in `.gitbook.yaml` rather than
// moved to README.md (which would need every link to it rewritten, and lose its slug). Same content,
// same bytes: an unchanged page keeps its git blob.

export function writeGitLayout(content: GitLayoutContent, options: GitLayoutOptions = {}): RepoFile[] {
  const project = configuredPath(options.projectDirectory ?? '', 'the project directory');
  const root = configuredPath(content.root ?? '', 'the content root');
  const files = pageFiles(content.pages);
  const documents = [...files.keys()];
  const lowerCaseFiles = new Set([...files.values()].map((file) => file.toLowerCase()));
  // SUMMARY.md unless a page is summary.md, which a case-insensitive checkout would take for it.
  let summary = DEFAULT_CONFIG.summary;
  for (let n = 1; lowerCaseFiles.has(summary.toLowerCase()); n++) summary = `SUMMARY-${n}.md`;
  const readme = documents[0] ? (files.get(documents[0]) as string) : DEFAULT_CONFIG.readme;

  const text = (path: string, body: string): RepoFile => ({ path, bytes: Buffer.from(body, 'utf8') });
  return [
    text(joinPath(project, CONFIG_FILE), gitBookConfigText({ root, readme, summary, redirects: content.redirects })),
    text(
      joinPath(project, root, summary),
      summaryText(content.pages, (page) => files.get(page) as string),
    ),
    ...documents.map((page) => text(joinPath(project, root, files.get(page) as string), pageFileText(page))),
    ...content.files.map((file) => ({ path: joinPath(project, root, assetFile(file.name)), bytes: file.bytes })),
  ];
}

/** Each document's file from the content's root, in tree order; a slug another page of its folder already holds gets a `-N`. */
function pageFiles(pages: readonly GitLayoutPage[]): Map<GitLayoutPage, string> {
  const files = new Map<GitLayoutPage, string>();
  const place = (siblings: readonly GitLayoutPage[], prefix: string) => {
    const taken = new Set<string>();
    for (const page of pagesSharingFolder(siblings, (p) => p.kind === 'group')) {
      if (page.kind !== 'document') continue;
      const path = joinPath(prefix, uniqueSlug(slugify(page.slug), taken));
      files.set(page, pageFile(path));
      place(page.children, path);
    }
  };
  place(pages, '');
  return files;
}
