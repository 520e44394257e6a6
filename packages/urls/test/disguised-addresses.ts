import fc from 'fast-check';
import { decodeHTML } from 'entities';

// Addresses whose scheme is written in every way a decoder along the path (ours, a browser, an HTML
// parser, a crawler) could read back: each character as itself in either case, as a percent escape
// (either hex case, once or twice encoded), as a decimal or hex character reference (padded, with or
// without its `;`), with tabs, newlines and leading blanks between. Shared by the URL policy's own
// property test and the layout's (every href of a page's chrome goes through the policy).

export const UNSAFE_SCHEMES = ['javascript', 'vbscript', 'data', 'file', 'blob'];

const hex = (code: number, upper: boolean): string => (upper ? code.toString(16).toUpperCase() : code.toString(16)).padStart(2, '0');

/** One character written one of the ways a decoder reads back. */
const encodedChar = (char: string): fc.Arbitrary<string> => {
  const code = char.charCodeAt(0);
  return fc.oneof(
    fc.constantFrom(char.toLowerCase(), char.toUpperCase()),
    fc.boolean().map((upper) => `%${hex(code, upper)}`),
    fc.boolean().map((upper) => `%25${hex(code, upper)}`),
    fc.nat(3).map((zeros) => `&#${'0'.repeat(zeros)}${code};`),
    fc.record({ upper: fc.boolean(), x: fc.constantFrom('x', 'X') }).map(({ upper, x }) => `&#${x}${hex(code, upper)};`),
    fc.constant(`&#${code}`),
    ...(char === ':' ? [fc.constantFrom('&colon;', '%3a', '%3A', '&amp;colon;')] : []),
  );
};

const between = fc.constantFrom('', '', '', '\t', '\n', '\r', '%09', '%0a', '&Tab;', '&NewLine;', '&#9;');
const lead = fc.constantFrom('', ' ', '\u0001', '%20', '&#32;');

/** `scheme:payload` with at least one character of the scheme (or its colon) disguised, so it only shows once decoded. */
export const disguisedUnsafeAddress: fc.Arbitrary<string> = fc
  .record({
    scheme: fc.constantFrom(...UNSAFE_SCHEMES),
    payload: fc.constantFrom('alert(1)', 'alert(document.domain)//', 'text/html,<script>alert(1)</script>', '///etc/passwd'),
    lead,
  })
  .chain(({ scheme, payload, lead: before }) =>
    fc
      .tuple(...[...`${scheme}:`].map((char) => fc.tuple(encodedChar(char), between)))
      .filter((parts) => parts.some(([written, gap]) => written.length > 1 || gap !== ''))
      .map((parts) => `${before}${parts.map(([written, gap]) => written + gap).join('')}${payload}`),
  );

/** Honest addresses with escapes after the scheme (paths, queries, fragments): the policy keeps them as links. */
export const escapedSafeAddress: fc.Arbitrary<string> = fc
  .record({
    base: fc.constantFrom('https://docs.example.test/', 'http://example.test/a/', '/docs/', './', '../up/', 'mailto:team@example.test?subject='),
    escapes: fc.array(fc.constantFrom('%20', '%2F', '%3A', '%25', '%C3%A9', '&amp;', 'a', 'Z', '9', '-', '_'), { maxLength: 8 }),
  })
  .map(({ base, escapes }) => base + escapes.join(''));

/** What a chain of decoders could read from an href: escapes and references decoded until stable, blanks dropped. */
function fullyDecoded(href: string): string {
  let value = href;
  for (let round = 0; round < 10; round += 1) {
    const next = decodeHTML(value.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))).replace(/[\u0000-\u0020\u007f]/g, '');
    if (next === value) break;
    value = next;
  }
  return value.toLowerCase();
}

/** An href whose decoded form is http(s), mailto or relative (no scheme, no network path). */
export const isSafeWhenDecoded = (href: string): boolean => {
  const decoded = fullyDecoded(href);
  return /^(https?|mailto):/.test(decoded) || !/^([a-z][a-z0-9+.-]*:|[\\/][\\/])/.test(decoded);
};
