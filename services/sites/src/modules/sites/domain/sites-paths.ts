// Paths of site spaces and sections on the published site (spec: path 1..100).
export const MAX_PATH_LENGTH = 100;

/**
 * A URL path segment made from a title: lower-case ASCII letters and digits joined by single
 * hyphens ("Getting Started!" → "getting-started"); `fallback` when nothing of the title is left.
 */
export function pathFromTitle(title: string, fallback: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_PATH_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/** The paths made distinct from each other and from `taken` by suffixes (-2, -3, …), in order. */
export function distinctPaths(paths: readonly string[], taken: Iterable<string> = []): string[] {
  const used = new Set(taken);
  return paths.map((path) => {
    let candidate = path;
    for (let n = 2; used.has(candidate); n++) {
      const suffix = `-${n}`;
      candidate = path.slice(0, MAX_PATH_LENGTH - suffix.length) + suffix;
    }
    used.add(candidate);
    return candidate;
  });
}
