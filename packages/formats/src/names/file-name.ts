// The one rule for the name of a file a space keeps, applied at every entry: batch
// edits, imports, Git Sync. A kept name becomes `.gitbook/assets/<name>` in an export and a
// `content-disposition` on download, so it must be one plain path segment that every file system
// and every reader shows as it is.

/** Bidirectional formatting characters: embeddings and overrides, isolates, and the marks (`evil‮gpj.exe`). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** C0, DEL and C1 control characters (CR and LF among them). */
const CONTROLS = /\p{Cc}/u;

/**
 * Why `name` cannot name a file, or null when it can: not `.`, `..` or `.git` (any case), no `/`
 * or `\`, no control characters, no bidirectional formatting characters.
 */
export function fileNameProblem(name: string): string | null {
  if (name === '.' || name === '..') return `must not be "${name}"`;
  if (name.toLowerCase() === '.git') return 'must not be ".git"';
  if (name.includes('/') || name.includes('\\')) return 'must not contain "/" or "\\" (a file name is not a path)';
  const control = CONTROLS.exec(name);
  if (control) return `must not contain control characters (${codePoint(control[0])})`;
  const bidi = BIDI_CONTROLS.exec(name);
  if (bidi) return `must not contain bidirectional formatting characters (${codePoint(bidi[0])})`;
  return null;
}

const codePoint = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
