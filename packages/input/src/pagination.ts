import { z } from 'zod';

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

const LIMIT_RULE = `must be an integer from 0 to ${MAX_PAGE_SIZE}`;

/** `limit`: 0..1000 as the reference allows; 0 answers no items, with `count`. */
export const pageLimit = z
  .string()
  .regex(/^\d{1,4}$/, LIMIT_RULE)
  .transform(Number)
  .refine((n) => n <= MAX_PAGE_SIZE, LIMIT_RULE);

/** `page`: an opaque token this API returned in `next.page`, read as an offset. */
export const pageToken = z.string().transform((raw, ctx) => {
  const offset = decodePageToken(raw);
  if (offset === null) {
    ctx.addIssue({ code: 'custom', message: 'not a page token returned by this API' });
    return z.NEVER;
  }
  return offset;
});

/** The query fields of every paginated list; extend it with the list's own filters. */
export const pageQuery = z.object({ page: pageToken.optional(), limit: pageLimit.optional() });

/** The page a parsed `pageQuery` asks for; `defaultLimit` when it names no `limit` (lists of heavy items page smaller). */
export function pageRequest(query: { page?: number; limit?: number }, defaultLimit = DEFAULT_PAGE_SIZE): PageRequest {
  return { limit: query.limit ?? defaultLimit, offset: query.page ?? 0 };
}

// Tokens are opaque to clients: base64url of a small versioned JSON document.
export function encodePageToken(offset: number): string {
  return Buffer.from(JSON.stringify({ v: 1, o: offset })).toString('base64url');
}

function decodePageToken(raw: string): number | null {
  if (raw.length === 0 || raw.length > 200) return null;
  try {
    const doc: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (typeof doc === 'object' && doc !== null && (doc as { v?: unknown }).v === 1) {
      const o = (doc as { o?: unknown }).o;
      if (typeof o === 'number' && Number.isSafeInteger(o) && o >= 0) return o;
    }
  } catch {
    // not a token of ours
  }
  return null;
}

/** Builds the list envelope; `next` is present only when more items follow. */
export function listEnvelope<T>(items: T[], total: number, page: PageRequest): ListEnvelope<T> {
  const nextOffset = page.offset + items.length;
  const envelope: ListEnvelope<T> = { count: total, items };
  if (items.length > 0 && nextOffset < total) envelope.next = { page: encodePageToken(nextOffset) };
  return envelope;
}

/**
 * The envelope of a list whose full size is not known (a search that ranked a sample of a broad
 * query's matches): `next` while `seen` items go on, and no `count` (optional in the reference)
 * rather than a wrong one.
 */
export function openListEnvelope<T>(items: T[], seen: number, page: PageRequest): Omit<ListEnvelope<T>, 'count'> {
  const { next } = listEnvelope(items, seen, page);
  return next ? { next, items } : { items };
}
