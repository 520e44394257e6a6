import { badRequest } from '@quire/errors';
import { isMediaType } from '@quire/input';
import { OutboundError, type OutboundFetcher } from '@quire/platform/outbound';
import type { BatchFile, ContentChange } from './content-changes';

// The bytes of the files a batch content edit inserts (`insert_files`), read before the batch's
// transaction: inline `base64` (at most 1 MB), or a `url` fetched through the outbound policy (a
// private, loopback or link-local address is refused unless allow-listed), within the import's
// fetch limits. A batch may hold 50 × 20 files, so their bytes together and the time of all their
// fetches are bounded too (held in memory until the revision is written; the request must end
// before the gateway gives up on it). A file that cannot be read refuses the whole batch, naming it.

export interface SentFile {
  name: string;
  ref?: string;
  url?: string;
  base64?: string;
  contentType?: string;
}

export type SentChange = Exclude<ContentChange, { operation: 'insert_files' }> | { operation: 'insert_files'; files: SentFile[] };

export interface BatchFileLimits {
  base64Bytes: number;
  /** Bytes of one fetched file, and of all the batch's files together. */
  fetchBytes: number;
  /** Time of all the batch's fetches together. */
  fetchTimeoutMs: number;
}

export async function readBatchFiles(
  changes: readonly SentChange[],
  fetcher: Pick<OutboundFetcher, 'fetch'>,
  limits: BatchFileLimits,
): Promise<ContentChange[]> {
  const read: ContentChange[] = [];
  const deadline = Date.now() + limits.fetchTimeoutMs;
  let total = 0;
  for (const [index, change] of changes.entries()) {
    if (change.operation !== 'insert_files') {
      read.push(change);
      continue;
    }
    const files: BatchFile[] = [];
    for (const [i, file] of change.files.entries()) {
      const field = (name: string) => `Invalid body field "changes.${index}.files.${i}.${name}"`;
      const ref = file.ref === undefined ? {} : { ref: file.ref };
      const add = (bytes: Buffer, contentType: string, source: string) => {
        total += bytes.length;
        if (total > limits.fetchBytes) throw badRequest(`${field(source)}: the batch's files come to more than ${limits.fetchBytes} bytes together`);
        files.push({ name: file.name, ...ref, contentType, bytes });
      };
      if (file.base64 !== undefined) {
        const bytes = Buffer.from(file.base64.replace(/\s+/g, ''), 'base64');
        if (bytes.length > limits.base64Bytes) throw badRequest(`${field('base64')}: at most ${limits.base64Bytes} bytes; give a "url" for a larger file`);
        add(bytes, file.contentType as string, 'base64');
        continue;
      }
      const timeLeft = deadline - Date.now();
      if (timeLeft <= 0) throw badRequest(`${field('url')}: the batch's files took longer than ${limits.fetchTimeoutMs} ms to fetch`);
      try {
        const res = await fetcher.fetch(file.url as string, { maxBytes: limits.fetchBytes - total, timeoutMs: timeLeft });
        if (res.status < 200 || res.status >= 300) throw badRequest(`${field('url')}: ${file.url} answered ${res.status}`);
        add(res.body, file.contentType ?? servedMediaType(res.contentType), 'url');
      } catch (err) {
        if (err instanceof OutboundError) throw badRequest(`${field('url')}: ${err.message}`);
        throw err;
      }
    }
    read.push({ operation: 'insert_files', files });
  }
  return read;
}

/** The media type a server answered with, when it is one (isMediaType); else bytes of no known type. */
function servedMediaType(contentType: string | null | undefined): string {
  const served = contentType?.split(';')[0]?.trim();
  return served && isMediaType(served) ? served : 'application/octet-stream';
}
