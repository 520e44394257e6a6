// Titles and names taken from the outside (URLs, file names, headings): decoded, capped and never empty.

/** The last path segment of a URL without its extension, for a title when the document has none. */
export function nameFromUrl(url: string, fallback = 'Untitled'): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fallback;
  }
  const segment = parsed.pathname.split('/').filter(Boolean).pop();
  const name = segment ? safeDecode(segment).replace(/\.[a-z0-9]{1,8}$/i, '') : parsed.hostname;
  return clip(name.replace(/[\p{Cc}]+/gu, ' ').trim()) || fallback;
}

export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Titles and names from the outside are capped (by code point: an astral character is never cut in half). */
export function clip(text: string, max = 200): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('').trim() : text;
}
