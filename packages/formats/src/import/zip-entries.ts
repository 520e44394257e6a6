import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ImportRefused } from './imported-content';

// Reads a zip held in memory, refusing what could hurt the service or escape the archive: paths
// out of the root, symlinks, encryption, too many entries, too many inflated bytes (counted while
// inflating, since a bomb's headers lie), and anything that is not a zip.

export interface ZipEntryFile {
  /** Normalised relative path: `/`-separated, no `.`, `..` or empty segments. */
  path: string;
  bytes: Buffer;
}

export interface ZipEntryLimits {
  maxEntries: number;
  maxBytes: number;
}

export interface ReadZipResult {
  /** The file entries that `isWanted` kept, with their bytes. */
  files: ZipEntryFile[];
  /** Every file entry (folders excluded), kept or skipped. */
  fileEntryCount: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export async function readZipEntries(buffer: Buffer, limits: ZipEntryLimits, isWanted: (path: string) => boolean): Promise<ReadZipResult> {
  const zip = await openZip(buffer);
  try {
    if (zip.entryCount > limits.maxEntries) throw new ImportRefused(`the zip has ${zip.entryCount} entries, more than the limit of ${limits.maxEntries}`);
    const files: ZipEntryFile[] = [];
    const seen = new Set<string>();
    let fileEntryCount = 0;
    let inflated = 0;
    for await (const entry of entries(zip)) {
      const path = safeEntryPath(entry);
      if (isSymlink(entry)) throw new ImportRefused(`the zip entry ${quote(path)} is a symbolic link`);
      if (entry.isEncrypted()) throw new ImportRefused(`the zip entry ${quote(path)} is encrypted`);
      if (entry.fileNameRaw.at(-1) === 0x2f || entry.fileNameRaw.at(-1) === 0x5c) continue; // a folder
      fileEntryCount++;
      if (!isWanted(path) || seen.has(path)) continue;
      seen.add(path);
      // The declared size refuses an honest bomb before inflating it; readEntry counts for a lying one.
      if (inflated + entry.uncompressedSize > limits.maxBytes) throw tooManyBytes(path, limits.maxBytes);
      const bytes = await readEntry(zip, entry, path, limits.maxBytes - inflated, limits.maxBytes);
      inflated += bytes.length;
      files.push({ path, bytes });
    }
    return { files, fileEntryCount };
  } finally {
    zip.close();
  }
}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false }, (err, zip) => {
      if (err) reject(new ImportRefused(`the file is not a zip archive (${err.message})`));
      else resolve(zip.on('error', () => undefined)); // errors are awaited per read in entries(); never an unhandled 'error'
    });
  });
}

/** The central directory, one entry at a time; yauzl's own errors (corrupt headers) become refusals. */
async function* entries(zip: ZipFile): AsyncGenerator<Entry> {
  for (;;) {
    const next = await new Promise<Entry | null>((resolve, reject) => {
      const cleanup = () => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        zip.off('error', onError);
      };
      const onEntry = (entry: Entry) => (cleanup(), resolve(entry));
      const onEnd = () => (cleanup(), resolve(null));
      const onError = (err: Error) => (cleanup(), reject(new ImportRefused(`the zip archive is damaged (${err.message})`)));
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      zip.readEntry();
    });
    if (!next) return;
    yield next;
  }
}

/**
 * The entry's name as a safe relative path. Backslashes count as separators (zips written on
 * Windows), so `..\\x` and `C:\\x` are caught like their slash forms.
 */
function safeEntryPath(entry: Entry): string {
  // Strict mode keeps backslashes so that the refusal message shows the name as stored.
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new ImportRefused(`the zip entry ${quote(name)} has control characters in its name`);
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) throw new ImportRefused(`the zip entry ${quote(name)} has an absolute path`);
  const segments = slashed.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw new ImportRefused(`the zip entry ${quote(name)} escapes the archive's root`);
  if (segments.length === 0) throw new ImportRefused(`the zip entry ${quote(name)} has no name`);
  return segments.join('/');
}

function isSymlink(entry: Entry): boolean {
  return ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

/** The entry's inflated bytes; stops as soon as they pass `budget` (what is left of the archive's limit). */
async function readEntry(zip: ZipFile, entry: Entry, path: string, budget: number, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > budget) break; // leaving the loop destroys the stream
      chunks.push(chunk);
    }
  } catch (err) {
    // validateEntrySizes: the entry inflates to more (or fewer) bytes than its headers declare.
    const message = err instanceof Error ? err.message : String(err);
    if (/bytes in the stream/.test(message)) throw new ImportRefused(`the zip entry ${quote(path)} does not inflate to the size it declares`);
    throw new ImportRefused(`the zip entry ${quote(path)} cannot be read (${message})`);
  }
  if (size > budget) throw new ImportRefused(`the zip entry ${quote(path)} inflates past the limit of ${maxBytes} uncompressed bytes for the archive`);
  return Buffer.concat(chunks);
}

function tooManyBytes(path: string, maxBytes: number): ImportRefused {
  return new ImportRefused(`the zip entry ${quote(path)} takes the archive past the limit of ${maxBytes} uncompressed bytes`);
}

/** A name as JSON shows it: quoted, control characters escaped, long names shortened. */
function quote(name: string): string {
  return JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name);
}
