import { z } from 'zod';

// A media type as RFC 6838 §4.2 names it (`type/subtype`), with the optional parameters of
// RFC 9110 §8.3.1 (`; charset=utf-8`, a quoted value allowed). The one door for a content type a
// client gives: it reaches a `Content-Type` header on download, where CR/LF would break the answer.

const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
const RESTRICTED_NAME = '[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}';
const QUOTED = '"(?:[\\t\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\t\\x20-\\x7e])*"';
const MEDIA_TYPE = new RegExp(`^${RESTRICTED_NAME}/${RESTRICTED_NAME}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`);

/** Whether `value` is a media type with optional parameters (`text/html; charset=utf-8`). */
export function isMediaType(value: string): boolean {
  return value.length <= 255 && MEDIA_TYPE.test(value);
}

/** A `contentType` field: a media type, at most 255 characters. */
export const mediaType = z.string().min(1).max(255).refine(isMediaType, 'must be a media type such as "image/png" (type/subtype, optional parameters)');
