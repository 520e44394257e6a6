// A space's content as a Git Sync repository holds it, in GitBook's layout
// (https://gitbook.com/docs/getting-started/git-sync/content-configuration): what readGitLayout
// produces from the repository's files and writeGitLayout turns back into them.

/** One file of the repository: a '/'-separated path from the repository's root, and its bytes. */
export interface RepoFile {
  path: string;
  bytes: Buffer;
}

/** A page's `layout:` front matter in Quire's terms (the fields of content's PageLayout); GitBook writes `title: { visible: true }`, `cover: { visible, size }`. */
export interface FrontMatterLayout {
  width?: 'default' | 'wide';
  cover?: boolean;
  coverSize?: 'hero' | 'full';
  title?: boolean;
  description?: boolean;
  tableOfContents?: boolean;
  outline?: boolean;
  pagination?: boolean;
  metadata?: boolean;
}

export interface GitLayoutPage {
  kind: 'document' | 'group' | 'link';
  title: string;
  /** Unique among the pages that share its path's folder (top level and groups' children share one). */
  slug: string;
  /** Documents read from a file: its path from the repository's root, as read (`docs/guide/README.md`). Ignored by writeGitLayout. */
  file?: string;
  /**
   * Documents: the body without front matter and without the `# title` heading, '' when empty. Its
   * links to pages and files are relative to the page's own file in Quire's layout, `<slug path>.md`
   * (a group's slug is not in its children's paths), files being `.gitbook/assets/<name>`.
   */
  markdown?: string;
  description?: string;
  emoji?: string;
  /** Front matter's `icon:` when it is no emoji (a Font Awesome name), unchecked; not written when the page has an emoji. */
  icon?: string;
  /** Only ever `true` when set. */
  hidden?: boolean;
  layout?: FrontMatterLayout;
  /** Link pages: the URL. */
  href?: string;
  children: GitLayoutPage[];
}

export interface GitLayoutFile {
  /** Read: the file's path from the repository's root, as read; ignored by writeGitLayout, which writes `.gitbook/assets/<name>`. */
  path: string;
  /** Unique among the files; never holds a '/'. */
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface GitLayoutContent {
  pages: GitLayoutPage[];
  files: GitLayoutFile[];
  /** `.gitbook.yaml`'s `redirects`: an old path → the file it now is, both relative to the content's root. */
  redirects: Record<string, string>;
  /** `.gitbook.yaml`'s `root`: the content's folder under the project directory ('' or absent: the project directory itself). */
  root?: string;
}

export interface GitLayoutLimits {
  /** Pages of every kind. */
  maxPages: number;
  /** Levels of pages, a group counting as one; at most (and by default) MAX_TREE_DEPTH. */
  maxDepth?: number;
}

export interface GitLayoutOptions {
  /** A monorepo's folder that holds this content's `.gitbook.yaml` (GitBook's "project directory"); the repository's root by default. */
  projectDirectory?: string;
}
