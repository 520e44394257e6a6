import { entryText, isContentEntry, MARKDOWN } from '../import/content-entries';
import { contentTypeOf } from '../import/file-types';
import { ImportRefused } from '../import/imported-content';
import { humanise } from '../import/markdown-page';
import { safeDecode } from '../import/names';
import { MAX_TREE_DEPTH } from '../import/zip-tree';
import { rewriteTargets } from '../markdown/link-targets';
import { ASSETS_DIR, assetFile, isUrl, pageFile, relativeTarget, resolveRelative } from '../markdown/revision-paths';
import { slugify, uniqueFileName, uniqueSlug } from '../markdown/slugs';
import { fileNameProblem } from '../names/file-name';
import type { GitLayoutContent, GitLayoutFile, GitLayoutLimits, GitLayoutOptions, GitLayoutPage, RepoFile } from './git-layout';
import { CONFIG_FILE, DEFAULT_CONFIG, readGitBookConfig } from './gitbook-config';
import { type PageFile, readPageFile } from './page-file';
import { pagesSharingFolder } from './page-paths';
import { baseName, configuredPath, isRepoPath, joinPath } from './repo-paths';
import { folderPages, type SourcePage, summaryPages } from './repo-tree';

// A Git Sync repository in GitBook's layout as a page tree. Titles come from a page's `# heading`
// (front matter `title` when Quire had to write it there; else SUMMARY.md's link text, the file
// name); slugs from file names; and every link to a page or file of the repository is rewritten to
// hold from the page's own file in Quire's layout (`<slug path>.md`, `.gitbook/assets/<name>`),
// where content resolves it.

/** A page while it is read: its place in the tree, then its slug path and parsed file. */
interface DraftPage {
  source: SourcePage;
  page: GitLayoutPage;
  /** Documents: the slug path (`guide/install`). */
  path?: string;
  content?: PageFile;
  children: DraftPage[];
}

export function readGitLayout(files: readonly RepoFile[], options: GitLayoutOptions & { limits: GitLayoutLimits }): GitLayoutContent {
  const limits = { maxPages: options.limits.maxPages, maxDepth: Math.min(options.limits.maxDepth ?? MAX_TREE_DEPTH, MAX_TREE_DEPTH) };
  const project = configuredPath(options.projectDirectory ?? '', 'the project directory');
  const repository = new Map<string, Buffer>();
  for (const file of files) if (isRepoPath(file.path)) repository.set(file.path, file.bytes);

  const configPath = joinPath(project, CONFIG_FILE);
  const configBytes = repository.get(configPath);
  const config = configBytes ? readGitBookConfig(entryText(configBytes), configPath) : DEFAULT_CONFIG;
  const root = joinPath(project, config.root);
  const entries = contentEntries(repository, root);
  const summaryPath = findPath(entries, config.summary);
  const markdown = new Set([...entries.keys()].filter((path) => MARKDOWN.test(path) && path !== summaryPath && !path.startsWith(`${ASSETS_DIR}/`)));

  let sources: SourcePage[];
  if (summaryPath !== undefined) {
    sources = summaryPages({ path: summaryPath, text: entryText(entries.get(summaryPath) as Buffer), readme: config.readme }, markdown, limits);
  } else {
    if (markdown.size > limits.maxPages) throw new ImportRefused(`the repository has more than ${limits.maxPages} pages`);
    const deep = [...markdown].find((path) => path.split('/').length > limits.maxDepth);
    if (deep) throw new ImportRefused(`the page ${JSON.stringify(joinPath(root, deep).slice(0, 200))} is nested more than ${limits.maxDepth} folders deep`);
    sources = folderPages(markdown, config.readme);
  }

  const drafts = draftPages(sources, (file) => entryText(entries.get(file) as Buffer), root, limits);
  assignSlugs(drafts, '');

  const filesRead = new RepositoryFiles(entries, root);
  const pageByFile = new Map<string, DraftPage>();
  const pageByFolder = new Map<string, DraftPage>();
  walk(drafts, (d) => {
    if (d.source.file !== undefined) pageByFile.set(d.source.file, d);
    if (d.source.folder !== undefined && !pageByFolder.has(d.source.folder)) pageByFolder.set(d.source.folder, d);
  });
  const linked = (path: string): DraftPage | GitLayoutFile | undefined =>
    pageByFile.get(path) ?? pageByFolder.get(path.replace(/\/$/, '')) ?? pageByFile.get(`${path}.md`) ?? filesRead.at(path);
  walk(drafts, (d) => {
    if (d.content && d.path !== undefined && d.source.file !== undefined) d.page.markdown = rebaseLinks(d.content.markdown, d.source.file, d.path, linked);
  });
  return { pages: drafts.map((d) => d.page), files: filesRead.kept, redirects: config.redirects, root: config.root };
}

/** Each source page with its title and fields (its file read), counted and its depth checked. */
function draftPages(sources: SourcePage[], textOf: (file: string) => string, root: string, limits: Required<GitLayoutLimits>): DraftPage[] {
  let count = 0;
  const draft = (source: SourcePage, depth: number): DraftPage => {
    if (++count > limits.maxPages) throw new ImportRefused(`the repository has more than ${limits.maxPages} pages`);
    if (depth > limits.maxDepth) throw new ImportRefused(`the repository nests pages more than ${limits.maxDepth} levels deep`);
    const where = source.file === undefined ? '' : joinPath(root, source.file);
    const content = source.file === undefined ? undefined : readPageFile(textOf(source.file), where);
    const title = content?.title ?? source.listedTitle ?? humanise(baseName(source.file ?? source.folder ?? ''), source.file !== undefined);
    const page: GitLayoutPage = { kind: source.kind, title, slug: '', ...(source.kind === 'link' ? { href: source.href } : {}), children: [] };
    if (source.kind === 'document') Object.assign(page, documentFields(content, where));
    const children = source.children.map((child) => draft(child, depth + 1));
    page.children = children.map((child) => child.page);
    return { source, page, content, children };
  };
  return sources.map((source) => draft(source, 1));
}

/** Every page, parents before children. */
function walk(pages: readonly DraftPage[], visit: (page: DraftPage) => void): void {
  for (const page of pages) {
    visit(page);
    walk(page.children, visit);
  }
}

/** The repository's files under `root`, by their path from it: content only (no hidden folder but `.gitbook/assets`, where any name is an upload). */
function contentEntries(repository: ReadonlyMap<string, Buffer>, root: string): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const prefix = root ? `${root}/` : '';
  for (const [path, bytes] of repository) {
    const relative = path.slice(prefix.length);
    if (path.startsWith(prefix) && (relative.startsWith(`${ASSETS_DIR}/`) || isContentEntry(relative))) entries.set(relative, bytes);
  }
  return entries;
}

/** `path` as listed, else the entry that differs only in case (`summary.md`, `Readme.md`). */
function findPath(entries: ReadonlyMap<string, Buffer>, path: string): string | undefined {
  if (entries.has(path)) return path;
  const lower = path.toLowerCase();
  return [...entries.keys()].find((entry) => entry.toLowerCase() === lower);
}

function documentFields(content: PageFile | undefined, where: string): Partial<GitLayoutPage> {
  return {
    ...(where ? { file: where } : {}),
    markdown: '',
    ...(content?.description ? { description: content.description } : {}),
    ...(content?.emoji ? { emoji: content.emoji } : {}),
    ...(content?.icon ? { icon: content.icon } : {}),
    ...(content?.hidden ? { hidden: true } : {}),
    ...(content?.layout ? { layout: content.layout } : {}),
  };
}

/**
 * Slugs unique over each folder of paths. Pages written as files or folders claim theirs first, so
 * that a group or link page (whose slug no file records) never pushes a file's slug aside.
 */
function assignSlugs(siblings: DraftPage[], prefix: string): void {
  const taken = new Set<string>();
  const members = pagesSharingFolder(siblings, (d) => d.page.kind === 'group');
  const hasName = (d: DraftPage) => d.source.file !== undefined || d.source.folder !== undefined;
  for (const d of [...members.filter(hasName), ...members.filter((d) => !hasName(d))]) {
    d.page.slug = uniqueSlug(slugify(wantedSlug(d)), taken);
    if (d.page.kind === 'document') d.path = prefix ? `${prefix}/${d.page.slug}` : d.page.slug;
  }
  for (const d of members) if (d.path !== undefined) assignSlugs(d.children, d.path);
}

function wantedSlug({ source, page, content }: DraftPage): string {
  // The root README.md: its front matter's slug (Quire writes one its title would not give), else its title.
  if (source.folder !== undefined) return source.folder ? baseName(source.folder) : (content?.slug ?? page.title);
  return source.file !== undefined ? baseName(source.file).replace(MARKDOWN, '') : page.title;
}

/**
 * A body's links, written relative to its file in the repository, made to hold from the page's file
 * in Quire's layout, in the form content writes them (relativeTarget); a link already in that form
 * stays as written (`<a b.png>` as well as `a%20b.png`). Outside URLs, anchors and links to nothing
 * stay too.
 */
function rebaseLinks(markdown: string, file: string, path: string, linked: (path: string) => DraftPage | GitLayoutFile | undefined): string {
  const quireFile = pageFile(path);
  return rewriteTargets(markdown, (raw) => {
    const target = raw.trim();
    if (!target || target.startsWith('#') || isUrl(target)) return undefined;
    const from = resolveRelative(target, file);
    const to = from && linked(from.path);
    if (!to) return undefined;
    const written = relativeTarget(quireFile, 'name' in to ? assetFile(to.name) : pageFile(to.path as string));
    if (safeDecode(target.replace(/[?#].*$/, '')) === safeDecode(written)) return undefined;
    return written + (from.anchor ? `#${from.anchor}` : '');
  });
}

/**
 * The repository's files a space keeps: all of `.gitbook/assets`, and any other file a page links
 * to (a repository also holds code and configuration that are no part of the docs). Names are
 * unique, in the order the files are met.
 */
class RepositoryFiles {
  readonly kept: GitLayoutFile[] = [];
  private readonly byPath = new Map<string, GitLayoutFile>();
  private readonly names = new Set<string>();

  constructor(
    private readonly entries: ReadonlyMap<string, Buffer>,
    private readonly root: string,
  ) {
    for (const path of entries.keys()) if (path.startsWith(`${ASSETS_DIR}/`)) this.keep(path);
  }

  /** The file at `path`, kept from now on; undefined for markdown and for nothing. */
  at(path: string): GitLayoutFile | undefined {
    return this.byPath.get(path) ?? (this.entries.has(path) && !MARKDOWN.test(path) ? this.keep(path) : undefined);
  }

  private keep(path: string): GitLayoutFile {
    const problem = fileNameProblem(baseName(path));
    if (problem) throw new ImportRefused(`the file ${JSON.stringify(path)} has a name that ${problem}`);
    const name = uniqueFileName(baseName(path), this.names);
    const file = { path: joinPath(this.root, path), name, contentType: contentTypeOf(name), bytes: this.entries.get(path) as Buffer };
    this.kept.push(file);
    this.byPath.set(path, file);
    return file;
  }
}
