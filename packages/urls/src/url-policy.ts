// The URL policy, the same for every address a page shows (links, images, files, embeds, callback
// answers): http(s) and mailto for links, http(s) for images, relative addresses for both. Anything
// else — `javascript:`, `vbscript:`, `data:` (images included: files are served by the reader, and
// a CSP `img-src` without `data:` stays simple), `file:` — gives no address, and the caller shows text.
// The scheme is read on the address's decoded form too (see `revealedScheme`).

import { decodeHTML } from 'entities';

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** What browsers drop anywhere in a URL before reading its scheme (`java\tscript:`). */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_URL = 8192;
/** Rounds of decoding before an address that keeps changing is refused (`%2525…` nests one per round). */
const DECODE_ROUNDS = 4;
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;
const PERCENT_ESCAPE = /(%[0-9a-f]{2})/i;
const BLANK_OR_CONTROL = /[\u0000-\u0020\u007f]/g;
const NETWORK_PATH = /^[\\/][\\/]/;

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
  if (revealedScheme(compact) !== shownScheme(compact)) return undefined;
  // `\\host` and `/\host` are read as `//host` by browsers: no relative address starts so.
  if (NETWORK_PATH.test(compact)) {
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

/** The scheme a reader of the raw address sees: `javascript:`, `//` for a network path, or '' for a relative one. */
function shownScheme(value: string): string {
  if (NETWORK_PATH.test(value)) return '//';
  return SCHEME.exec(value)?.[1].toLowerCase().concat(':') ?? '';
}

/**
 * The scheme of the address's decoded form: percent escapes and character references decoded until
 * nothing changes, then blanks and controls dropped. A browser, an HTML parser, a crawler or an export
 * may decode what a page shows, so an address whose scheme shows only once decoded (`%6Aavascript:`,
 * `&#106;avascript:`, `java%09script:`) is refused whatever it reveals: no honest link hides its scheme. An address still changing after a few rounds reveals `?`, refused too.
 */
function revealedScheme(value: string): string {
  let decoded = value;
  for (let round = 0; round < DECODE_ROUNDS; round += 1) {
    const next = decodeHTML(decoded.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))).replace(BLANK_OR_CONTROL, '');
    if (next === decoded) return shownScheme(decoded);
    decoded = next;
  }
  return '?';
}

/**
 * A relative address, percent-encoded with its escapes kept as given (decoding then encoding them
 * turned `%3A` into `%253A`, and `%6Aavascript:` into `javascript:`); one with a lone surrogate
 * (which `encodeURI` throws on) is refused.
 */
function relative(value: string): SafeUrl | undefined {
  try {
    return {
      href: value
        .split(PERCENT_ESCAPE)
        .map((part, i) => (i % 2 === 1 ? part : encodeURI(part)))
        .join(''),
      external: false,
    };
  } catch {
    return undefined;
  }
}

/** A link's address, or undefined when the policy refuses it. */
export const linkUrl = (raw: unknown): SafeUrl | undefined => checked(raw, LINK_SCHEMES);

/** An image's address, or undefined when the policy refuses it. */
export const imageUrl = (raw: unknown): SafeUrl | undefined => checked(raw, IMAGE_SCHEMES);
