import type { OutboundResponse } from '@quire/platform/outbound';
import { ImportRefused } from '@quire/formats';

// A fetched document as text. Importers of text formats refuse what is clearly something else
// (an image, a PDF, a zip) rather than turning bytes into a page of mojibake.

const BINARY_TYPES = /^(image|audio|video|font)\/|^application\/(pdf|zip|gzip|x-tar|x-7z-compressed|vnd\.openxmlformats|msword|octet-stream)/i;

/** A fetched response as a conversion thread gets it (its body a Buffer or, cloned, a Uint8Array). */
export type FetchedText = Pick<OutboundResponse, 'url' | 'contentType'> & { body: Uint8Array };

export function responseText(response: FetchedText): string {
  const contentType = response.contentType ?? '';
  const body = response.body;
  // octet-stream is what servers say when they do not know: judged by its bytes below, not refused.
  if (BINARY_TYPES.test(contentType) && !/octet-stream/i.test(contentType))
    throw new ImportRefused(`${response.url} is not a text document (content type ${contentType.split(';')[0]})`);
  const text = decode(body, charsetOf(contentType, body));
  // Checked after decoding: UTF-16 text has NUL bytes, no text has U+0000.
  if (text.includes('\u0000')) throw new ImportRefused(`${response.url} is not a text document (it contains NUL bytes)`);
  return text.replace(/^\uFEFF/, '');
}

/** A byte order mark wins over the declared charset (as in the WHATWG encoding sniffing algorithm). */
function charsetOf(contentType: string, body: Uint8Array): string {
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1]?.toLowerCase() ?? 'utf-8';
}

function decode(body: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    // An unknown charset label: UTF-8 is the web's default and never throws (bad bytes become U+FFFD).
    return new TextDecoder('utf-8').decode(body);
  }
}
