import type * as Domino from '@mixmark-io/domino';

let domino: typeof Domino | undefined;

/**
 * A whole HTML document parsed by domino. The parser is required by the first call, not at
 * import: it costs a process ~50 ms of CPU, and an embedded start would pay it for an import it
 * may never run.
 */
export function parseHtmlDocument(html: string): ReturnType<typeof Domino.createDocument> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  domino ??= require('@mixmark-io/domino') as typeof Domino;
  return domino.createDocument(html, true);
}
