import { badRequest } from './errors';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 1000;

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface ListEnvelope<T> {
  next?: { page: string };
  count: number;
  items: T[];
}

/** Reads `page` and `limit` from a query; a bad value is a 400 naming the parameter. */
export function parsePageRequest(query: Record<string, unknown>): PageRequest {
  const limit = parseLimit(query.limit);
  const offset = query.page === undefined ? 0 : decodePageToken(query.page);
  return { limit, offset };
}

function parseLimit(raw: unknown): number {
  if (raw === undefined) return DEFAULT_PAGE_SIZE;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw badRequest('Invalid query field "limit": must be an integer from 1 to 1000');
  const limit = Number(raw);
  if (limit < 1 || limit > MAX_PAGE_SIZE) throw badRequest('Invalid query field "limit": must be an integer from 1 to 1000');
  return limit;
}

// Tokens are opaque to clients: base64url of a small versioned JSON document.
export function encodePageToken(offset: number): string {
  return Buffer.from(JSON.stringify({ v: 1, o: offset })).toString('base64url');
}

function decodePageToken(raw: unknown): number {
  const invalid = badRequest('Invalid query field "page": not a page token returned by this API');
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 200) throw invalid;
  try {
    const doc: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (typeof doc === 'object' && doc !== null && (doc as { v?: unknown }).v === 1) {
      const o = (doc as { o?: unknown }).o;
      if (typeof o === 'number' && Number.isSafeInteger(o) && o >= 0) return o;
    }
  } catch {
    // fall through to the 400
  }
  throw invalid;
}

/** Builds the list envelope; `next` is present only when more items follow. */
export function listEnvelope<T>(items: T[], total: number, page: PageRequest): ListEnvelope<T> {
  const nextOffset = page.offset + items.length;
  const envelope: ListEnvelope<T> = { count: total, items };
  if (items.length > 0 && nextOffset < total) envelope.next = { page: encodePageToken(nextOffset) };
  return envelope;
}
