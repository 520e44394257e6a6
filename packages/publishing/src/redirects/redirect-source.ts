import { isDotSegment, normalizeSegment } from '../paths/path-normalizer';

// A redirect's source as the reference's SiteRedirectSourcePath allows it: an exact path, or a
// prefix followed by "*". "/a/*" matches what lies below /a ("/a/b", "/a/b/c", not "/a" itself);
// "/a*" matches every path starting with "/a" ("/a", "/ab", "/a/b"): "*" is "any suffix, even
// empty", and "/a/*" is the same rule with the prefix "/a/".

/** The reference's pattern and length (0.202.0, SiteRedirectSourcePath), verbatim. */
// Only ever run on ≤ 512 characters (the length is checked first): its look-aheads stay cheap.
export const SOURCE_PATH_PATTERN = /^\/(?!\*)(?!.*\*.+)(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\/\*|\*)?$/;
export const SOURCE_PATH_MAX_LENGTH = 512;

export type RedirectSource =
  | { kind: 'exact'; key: string }
  /** `prefix` is canonical; `key` is `prefix + "*"`: what the store indexes and the matcher probes. */
  | { kind: 'wildcard'; key: string; prefix: string };

export type SourceProblem = 'too-long' | 'pattern' | 'dot-segment';

export type ParsedSource = { ok: true; source: RedirectSource } | { ok: false; problem: SourceProblem; message: string };

const MESSAGES: Record<SourceProblem, string> = {
  'too-long': `source must be at most ${SOURCE_PATH_MAX_LENGTH} characters`,
  pattern: 'source must be a path like "/a/b", "/a/*" or "/a*" (letters, digits, - . _ ~ + and %XX escapes; "*" only at the end)',
  'dot-segment': 'source may not contain "." or ".." segments (request paths never do once resolved)',
};

function refuse(problem: SourceProblem): ParsedSource {
  return { ok: false, problem, message: MESSAGES[problem] };
}

/** Validates a source against the reference and gives its canonical key. Never throws. */
export function parseRedirectSource(input: unknown): ParsedSource {
  if (typeof input !== 'string') return refuse('pattern');
  if (input.length > SOURCE_PATH_MAX_LENGTH) return refuse('too-long');
  if (!SOURCE_PATH_PATTERN.test(input)) return refuse('pattern');
  const isWildcard = input.endsWith('*');
  const body = isWildcard ? input.slice(0, -1) : input;
  const segments = body.slice(1).split('/').map(normalizeSegment);
  // In "/a/b*" the last segment is partial ("b…"), so it may be "." (matching "/a/.x").
  const whole = isWildcard && !body.endsWith('/') ? segments.slice(0, -1) : segments;
  if (whole.some(isDotSegment)) return refuse('dot-segment');
  const canonical = `/${segments.join('/')}`;
  if (!isWildcard) return { ok: true, source: { kind: 'exact', key: canonical } };
  return { ok: true, source: { kind: 'wildcard', key: `${canonical}*`, prefix: canonical } };
}
