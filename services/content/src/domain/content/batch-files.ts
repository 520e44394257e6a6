import { badRequest, OutboundError, type OutboundFetcher } from '@quire/common';
import type { BatchFile, ContentChange } from './content-changes';

// The bytes of the files a batch content edit inserts (`insert_files`), read before the batch's
// transaction: inline `base64` (at most 1 MB), or a `url` fetched through the outbound policy (a
// private, loopback or link-local address is refused unless allow-listed), within the import's
// fetch limits. A file that cannot be read refuses the whole batch, naming it.

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
  fetchBytes: number;
  fetchTimeoutMs: number;
}

export async function readBatchFiles(
  changes: readonly SentChange[],
  fetcher: Pick<OutboundFetcher, 'fetch'>,
  limits: BatchFileLimits,
): Promise<ContentChange[]> {
  const read: ContentChange[] = [];
  for (const [index, change] of changes.entries()) {
    if (change.operation !== 'insert_files') {
      read.push(change);
      continue;
    }
    const files: BatchFile[] = [];
    for (const [i, file] of change.files.entries()) {
      const field = (name: string) => `Invalid body field "changes.${index}.files.${i}.${name}"`;
      const ref = file.ref === undefined ? {} : { ref: file.ref };
      if (file.base64 !== undefined) {
        const bytes = Buffer.from(file.base64.replace(/\s+/g, ''), 'base64');
        if (bytes.length > limits.base64Bytes) throw badRequest(`${field('base64')}: at most ${limits.base64Bytes} bytes; give a "url" for a larger file`);
        files.push({ name: file.name, ...ref, contentType: file.contentType as string, bytes });
        continue;
      }
      try {
        const res = await fetcher.fetch(file.url as string, { maxBytes: limits.fetchBytes, timeoutMs: limits.fetchTimeoutMs });
        if (res.status < 200 || res.status >= 300) throw badRequest(`${field('url')}: ${file.url} answered ${res.status}`);
        const contentType = file.contentType ?? res.contentType?.split(';')[0]?.trim() ?? 'application/octet-stream';
        files.push({ name: file.name, ...ref, contentType, bytes: res.body });
      } catch (err) {
        if (err instanceof OutboundError) throw badRequest(`${field('url')}: ${err.message}`);
        throw err;
      }
    }
    read.push({ operation: 'insert_files', files });
  }
  return read;
}
