// One canonical form for URL paths, shared by redirect sources and request paths so that a
// redirect is found by equality on its key (an index probe), never by scanning patterns.
//
// Decisions (RFC 3986 §6.2.2, and the alphabet of the reference's SiteRedirectSourcePath):
// - the path alphabet is A-Z a-z 0-9 - . _ ~ + and "%XX" escapes: any other character (including
//   "*", so a request path can never look like a wildcard key) is UTF-8 percent-encoded;
// - an escape of a character of that alphabet is decoded ("%41" → "A", "%2E" → "."), every other
//   escape keeps its byte and gets upper-case hex ("%2f" → "%2F", still not a separator);
// - a "%" that starts no escape is itself encoded ("%25");
// - case is kept: paths are case-sensitive (RFC 3986 §6.2.2.1 folds only scheme, host and hex);
// - empty segments ("//", a trailing "/") are dropped, "." and ".." segments are resolved and
//   never climb above the root;
// - lone surrogates become U+FFFD (TextEncoder), so no input makes the normaliser throw.

const LITERAL = /^[A-Za-z0-9\-._~+]$/;
const HEX = /^[0-9A-Fa-f]{2}$/;
const encoder = new TextEncoder();

function encodeChar(char: string): string {
  let out = '';
  for (const byte of encoder.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** One segment (no "/") in canonical form: see the decisions above. */
export function normalizeSegment(segment: string): string {
  let out = '';
  for (let i = 0; i < segment.length;) {
    const char = segment[i];
    if (char === '%') {
      const hex = segment.slice(i + 1, i + 3);
      if (HEX.test(hex)) {
        const decoded = String.fromCharCode(parseInt(hex, 16));
        out += LITERAL.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
        i += 3;
      } else {
        out += '%25';
        i += 1;
      }
      continue;
    }
    const codePoint = segment.codePointAt(i) ?? 0;
    const width = codePoint > 0xffff ? 2 : 1;
    const whole = segment.slice(i, i + width);
    out += LITERAL.test(whole) ? whole : encodeChar(whole);
    i += width;
  }
  return out;
}

export function isDotSegment(segment: string): boolean {
  return segment === '.' || segment === '..';
}

/**
 * The canonical segments of a path: query and fragment cut off, each segment normalised, empty
 * and dot segments resolved (".." at the root stays at the root).
 */
export function pathSegments(path: string): string[] {
  const cut = path.search(/[?#]/);
  const bare = cut >= 0 ? path.slice(0, cut) : path;
  const out: string[] = [];
  for (const raw of bare.split('/')) {
    const segment = normalizeSegment(raw);
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return out;
}

/** A path in canonical form: "/" or "/a/b" (no trailing slash). Never throws. */
export function normalizePath(path: string): string {
  return `/${pathSegments(path).join('/')}`;
}
