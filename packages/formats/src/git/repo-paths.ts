import { ImportRefused } from '../import/imported-content';

// Paths inside a repository: '/'-separated, relative to its root, never leaving it.

/** A path git can hold: relative, without empty, `.` or `..` segments or NUL (anything else is a legal file name). */
export function isRepoPath(path: string): boolean {
  return path !== '' && path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\0'));
}

/**
 * A configured path (`./docs/`, `/docs`, `product/SUMMARY.md`) as a plain relative path ('' for the
 * root itself); one that climbs out with `..` is refused, since nothing outside may be read.
 */
export function configuredPath(value: string, what: string): string {
  const segments = value.split('/').filter((segment) => segment !== '' && segment !== '.');
  const path = segments.join('/');
  if (path !== '' && !isRepoPath(path)) throw new ImportRefused(`${what} ${JSON.stringify(value.slice(0, 200))} is not a path inside the repository`);
  return path;
}

export function joinPath(...parts: string[]): string {
  return parts.filter(Boolean).join('/');
}

/** `guide/install.md` → `guide`; `README.md` → ''. */
export function folderOf(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}

/** `guide/install.md` → `install.md`. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
