import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';

// An answer's body in every content coding the reader serves: compressed once, when
// it is rendered, and kept so in the cache, so a cached answer is never compressed again. Its
// strong ETag is the hash of the uncompressed body; each coding is its own representation
// (RFC 9110 §8.8.3), so it carries a suffix: `"h"`, `"h-gzip"`, `"h-br"`.

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Bodies shorter than this are sent as they are: compressing them saves less than its headers cost. */
export const MIN_COMPRESSED_BYTES = 1024;
/** Brotli's quality for answers rendered on a visitor's request: near gzip's speed, smaller. */
const BROTLI_QUALITY = 5;

export type ContentCoding = 'br' | 'gzip' | 'identity';

export interface EncodedBody {
  /** The hash of the uncompressed body (no quotes, no suffix). */
  hash: string;
  /** Set for a short body; a compressed body's identity form is gunzipped on first demand, then kept here. */
  identity?: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

export async function encodeBody(body: string): Promise<EncodedBody> {
  const bytes = Buffer.from(body, 'utf8');
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 32);
  if (bytes.length < MIN_COMPRESSED_BYTES) return { hash, identity: bytes };
  const [gz, br] = await Promise.all([
    gzipAsync(bytes),
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  return { hash, gzip: gz, br };
}

/**
 * The coding to send for an `Accept-Encoding` header: brotli, then gzip, among those the client
 * accepts (`q=0` refuses one; `*` accepts any not named); none or nothing accepted: identity.
 */
export function chooseCoding(acceptEncoding: string | undefined, body: EncodedBody): ContentCoding {
  if (!body.gzip || !body.br || !acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepted = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return 'identity';
}

/**
 * The bytes and strong ETag of one coding of a body. The identity form of a compressed body is
 * gunzipped once and kept on the body: an entry the process keeps (AnswerCache) serves clients
 * without Accept-Encoding (agents, load balancers' checks) with no inflate per request.
 */
export function representationOf(body: EncodedBody, coding: ContentCoding): { bytes: Buffer; etag: string } {
  if (coding === 'br' && body.br) return { bytes: body.br, etag: `"${body.hash}-br"` };
  if (coding === 'gzip' && body.gzip) return { bytes: body.gzip, etag: `"${body.hash}-gzip"` };
  body.identity ??= gunzipSync(body.gzip as Buffer);
  return { bytes: body.identity, etag: `"${body.hash}"` };
}

/**
 * Whether a conditional GET is answered 304 (RFC 9110 §13.2.2): `If-None-Match` naming this body
 * in any coding (or `*`) — weak comparison, as for GET — and, only without it, `If-Modified-Since`
 * in a later second than `lastModified`. Strictly later: `lastModified` is when the answer was
 * rendered and an HTTP date has whole seconds, so an answer rendered again within the same second
 * (a change just after the first rendering) must not be taken for the one the client holds.
 */
export function isNotModified(
  request: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined },
  body: EncodedBody,
  lastModified: number | undefined,
): boolean {
  if (request.ifNoneMatch !== undefined) {
    return request.ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim().replace(/^W\//, '');
      return t === '*' || t === `"${body.hash}"` || t === `"${body.hash}-gzip"` || t === `"${body.hash}-br"`;
    });
  }
  if (request.ifModifiedSince === undefined || lastModified === undefined) return false;
  const since = Date.parse(request.ifModifiedSince);
  return Number.isFinite(since) && Math.floor(lastModified / 1000) * 1000 < since;
}
