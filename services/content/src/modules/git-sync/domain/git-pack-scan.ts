import { inflateSync } from 'node:zlib';
import { GitSyncError } from './git-sync-error';

// Reads the objects of a fetched pack before isomorphic-git sees it: each object's header declares
// its inflated size (a delta's own header its result's), so an object past `maxFileBytes`, a pack
// inflating past `maxRepoBytes` or holding more than `maxObjects` objects is refused before anything
// is inflated whole — a 583 KB pack of one 600 MB blob of zeros costs a header read, not 2.4 GB of
// memory. Each object within the bounds is inflated once, alone, to find where the
// next begins (a pack does not say) and to check that it is what its header declared.
// https://git-scm.com/docs/pack-format

export interface PackBounds {
  /** Objects in the pack. */
  maxObjects: number;
  /** Inflated bytes of one object (a delta: of the object it makes). */
  maxFileBytes: number;
  /** Inflated bytes of every object together. */
  maxRepoBytes: number;
}

export interface PackSummary {
  objects: number;
  /** Inflated bytes (deltas counted as the objects they make). */
  bytes: number;
}

const OFS_DELTA = 6;
const REF_DELTA = 7;
const TYPE_NAMES: Record<number, string> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag', 6: 'delta', 7: 'delta' };

/**
 * The pack in an upload-pack answer (protocol v1): pkt-lines of shallow, ACK and NAK lines, then the
 * pack on side band 1 (progress on 2, an error on 3), or the pack itself when no side band was agreed.
 */
export function packOfUploadPackAnswer(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at + 4 <= body.length) {
    const head = body.toString('latin1', at, at + 4);
    if (!/^[0-9a-f]{4}$/.test(head)) {
      parts.push(body.subarray(at)); // no side band: the rest is the pack
      break;
    }
    const length = parseInt(head, 16);
    if (length === 0 || length === 1 || length === 2) {
      at += 4; // flush, delimiter or response-end
      continue;
    }
    if (length < 4 || at + length > body.length) throw malformed('a truncated pkt-line');
    if (body[at + 4] === 1) parts.push(body.subarray(at + 5, at + length));
    at += length;
  }
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/** Inflating holds the event loop: the scan lets it turn after this long (a pack of 200 MB takes about a second). */
const YIELD_AFTER_MS = 20;

/** Refuses a pack past `bounds` (GitSyncError `too-large` naming the limit) or malformed; else what it holds. */
export async function scanPack(pack: Buffer, bounds: PackBounds): Promise<PackSummary> {
  if (pack.length === 0) return { objects: 0, bytes: 0 };
  if (pack.length < 12 || pack.toString('latin1', 0, 4) !== 'PACK') throw malformed('no pack signature');
  const version = pack.readUInt32BE(4);
  if (version !== 2 && version !== 3) throw malformed(`pack version ${version}`);
  const count = pack.readUInt32BE(8);
  if (count > bounds.maxObjects)
    throw new GitSyncError('too-large', `the repository has ${count} objects, more than the limit of ${bounds.maxObjects}`, { limit: 'maxObjects' });
  let at = 12;
  let bytes = 0;
  let slice = Date.now();
  for (let i = 0; i < count; i++) {
    if (Date.now() - slice > YIELD_AFTER_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      slice = Date.now();
    }
    const header = readObjectHeader(pack, at);
    at = header.next;
    if (header.type === OFS_DELTA) at = skipOffset(pack, at);
    else if (header.type === REF_DELTA) at += 20;
    const isDelta = header.type === OFS_DELTA || header.type === REF_DELTA;
    if (!isDelta) checkObjectSize(header.size, TYPE_NAMES[header.type] ?? 'object', bounds);
    // A delta's instructions are not larger than what they make, unless the pack is hostile.
    else if (header.size > bounds.maxFileBytes) checkObjectSize(header.size, 'delta', bounds);
    if (at >= pack.length) throw malformed('a truncated object');
    const { data, consumed } = inflateObject(pack.subarray(at), header.size);
    at += consumed;
    const size = isDelta ? deltaResultSize(data) : header.size;
    if (isDelta) checkObjectSize(size, 'delta-encoded object', bounds);
    bytes += size;
    if (bytes > bounds.maxRepoBytes)
      throw new GitSyncError('too-large', `the repository's objects inflate to more than the limit of ${bounds.maxRepoBytes} bytes`, { limit: 'maxRepoBytes' });
  }
  return { objects: count, bytes };
}

function checkObjectSize(size: number, kind: string, bounds: PackBounds): void {
  if (size > bounds.maxFileBytes)
    throw new GitSyncError('too-large', `the repository holds a ${kind} of ${size} bytes, more than the limit of ${bounds.maxFileBytes}`, {
      limit: 'maxFileBytes',
    });
}

/** Type (3 bits) and inflated size: 4 bits in the first byte, then 7 a byte while the high bit is set. */
function readObjectHeader(pack: Buffer, start: number): { type: number; size: number; next: number } {
  let at = start;
  let byte = byteAt(pack, at++);
  const type = (byte >> 4) & 7;
  if (type === 0 || type === 5) throw malformed(`object type ${type}`);
  let size = byte & 0x0f;
  let scale = 16;
  while (byte & 0x80) {
    byte = byteAt(pack, at++);
    size += (byte & 0x7f) * scale;
    scale *= 128;
    if (scale > 2 ** 53) throw malformed('an object size past 2^53');
  }
  return { type, size, next: at };
}

/** An ofs-delta's base offset: 7 bits a byte while the high bit is set. */
function skipOffset(pack: Buffer, start: number): number {
  let at = start;
  while (byteAt(pack, at++) & 0x80) if (at - start > 8) throw malformed('a delta offset past 2^56');
  return at;
}

function inflateObject(rest: Buffer, size: number): { data: Buffer; consumed: number } {
  let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
  try {
    // Never more than the header declared: a stream that inflates further is refused, not followed.
    inflated = inflateSync(rest, { info: true, maxOutputLength: Math.max(1, size) }) as unknown as typeof inflated;
  } catch {
    throw malformed('an object that does not inflate to its declared size');
  }
  if (inflated.buffer.length !== size) throw malformed('an object that does not inflate to its declared size');
  return { data: inflated.buffer, consumed: inflated.engine.bytesWritten };
}

/** A delta starts with two sizes (7 bits a byte): its base's, then its result's. */
function deltaResultSize(delta: Buffer): number {
  let at = 0;
  for (let field = 0; ; field++) {
    let size = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = byteAt(delta, at++);
      size += (byte & 0x7f) * scale;
      scale *= 128;
      if (scale > 2 ** 53) throw malformed('a delta size past 2^53');
    } while (byte & 0x80);
    if (field === 1) return size;
  }
}

function byteAt(buffer: Buffer, at: number): number {
  const byte = buffer[at];
  if (byte === undefined) throw malformed('a truncated object header');
  return byte;
}

function malformed(what: string): GitSyncError {
  return new GitSyncError('network', `the remote sent a malformed pack (${what})`);
}
