// The URL policy, the same for every address a page shows (links, images, files, embeds, callback
// answers): http(s) and mailto for links, http(s) for images, relative addresses for both. Anything
// else — `javascript:`, `vbscript:`, `data:` (images included: files are served by the reader, and
// a CSP `img-src` without `data:` stays simple), `file:` — gives no address, and the caller shows text.

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** What browsers drop anywhere in a URL before reading its scheme (`java\tscript:`). */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_URL = 8192;

export interface SafeUrl {
  href: string;
  /** An absolute address (another site): shown with `rel="noopener noreferrer"`. */
  external: boolean;
}

function checked(raw: unknown, schemes: ReadonlySet<string>): SafeUrl | undefined {
  if (typeof raw !== 'string') return undefined;
  // Leading and trailing spaces and controls are dropped by browsers too; one left inside is refused.
  const compact = raw.replace(TAB_OR_NEWLINE, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (compact === '' || compact.length > MAX_URL || CONTROL.test(compact)) return undefined;
  // `\\host` and `/\host` are read as `//host` by browsers: no relative address starts so.
  if (/^[\\/][\\/]/.test(compact)) {
    if (compact.includes('\\')) return undefined;
    return checked(`https:${compact}`, schemes);
  }
  if (!SCHEME.test(compact)) return relative(compact);
  let url: URL;
  try {
    url = new URL(compact);
  } catch {
    return undefined;
  }
  return schemes.has(url.protocol) ? { href: url.href, external: url.protocol !== 'mailto:' } : undefined;
}

/** A relative address, percent-encoded; one with a lone surrogate (which `encodeURI` throws on) is refused. */
function relative(value: string): SafeUrl | undefined {
  try {
    return { href: encodeURI(safeDecode(value)), external: false };
  } catch {
    return undefined;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

/** A link's address, or undefined when the policy refuses it. */
export const linkUrl = (raw: unknown): SafeUrl | undefined => checked(raw, LINK_SCHEMES);

/** An image's address, or undefined when the policy refuses it. */
export const imageUrl = (raw: unknown): SafeUrl | undefined => checked(raw, IMAGE_SCHEMES);

/** Only a heading anchor's alphabet (the reference's `^[-a-z0-9.+_]+$`) may follow `#`. */
export const ANCHOR = /^[-a-z0-9.+_]{1,100}$/;
