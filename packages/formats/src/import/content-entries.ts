// Which files of an archive or a repository are content, shared by the zip importer and Git Sync:
// markdown pages, and everything else as files except archive litter and hidden folders.

export const MARKDOWN = /\.(md|markdown)$/i;

/** Archive-tool litter and hidden folders are skipped; GitBook keeps its uploads in `.gitbook/assets`. */
export function isContentEntry(path: string): boolean {
  const segments = path.split('/');
  if (segments[0] === '__MACOSX') return false;
  return segments.every((segment, i) => !segment.startsWith('.') || (segment === '.gitbook' && segments[i + 1] === 'assets' && i + 2 < segments.length));
}

const utf8 = new TextDecoder('utf-8');

/** UTF-8 text without NUL characters (PostgreSQL's text refuses them). */
export function entryText(bytes: Buffer): string {
  return utf8.decode(bytes).replace(/\0/g, '');
}
