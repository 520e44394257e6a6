import type * as Mammoth from 'mammoth';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { htmlToMarkdown } from './html-to-markdown';
import { imageContentType } from './image-types';
import { type ArchiveLimits, type ImportedContent, type ImportedFile, ImportRefused, type Warnings } from './imported-content';
import { withoutRepeatedTitle } from './leading-heading';
import { clip, nameFromUrl } from './names';

// A .docx → one page (a Word document is one document, whatever its headings), through mammoth's
// HTML and then htmlToMarkdown; embedded images become files named `docx:/imageN.<ext>`.

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/svg+xml': 'svg', 'image/x-emf': 'emf', 'image/x-wmf': 'wmf' };

export interface DocxLimits extends ArchiveLimits {
  /** Embedded images kept; later ones are dropped (with a warning). */
  maxImages: number;
}

/** A .docx's bytes (fetched from `source`) as one page and its images. */
// Required by the first .docx import, not at import: mammoth with JSZip costs a process ~90 ms of
// CPU, and an embedded start would pay it for an import it may never run.
let mammothModule: typeof Mammoth | undefined;
function loadMammoth(): typeof Mammoth {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return (mammothModule ??= require('mammoth') as typeof Mammoth);
}

export async function readDocxContent(bytes: Buffer, source: string, limits: DocxLimits, warnings: Warnings): Promise<ImportedContent> {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw new ImportRefused(`${source} is not a .docx file (not a zip archive)`);
  await checkArchive(bytes, limits);
  const files: ImportedFile[] = [];
  let html: string;
  const mammoth = loadMammoth();
  try {
    const result = await mammoth.convertToHtml(
      { buffer: bytes },
      // Linked (not embedded) images would be read from the server's disk: never.
      { convertImage: mammoth.images.imgElement(async (image) => ({ src: await embeddedImage(image, files, limits, warnings) })), externalFileAccess: false },
    );
    html = result.value;
  } catch (err) {
    throw new ImportRefused(`${source} is not a readable .docx file (${err instanceof Error ? clip(err.message, 200) : 'unknown error'})`);
  }
  const converted = htmlToMarkdown(html);
  const title = clip(converted.title ?? '') || nameFromUrl(source);
  const page = { title, markdown: withoutRepeatedTitle(converted.markdown, title), source, pages: [] };
  return { pages: [page], files, totalResources: 1 + files.length };
}

type MammothImage = Parameters<Parameters<typeof Mammoth.images.imgElement>[0]>[0];

/** Keeps the image as a file and answers the src the page references it by ('' drops it). */
async function embeddedImage(image: MammothImage, files: ImportedFile[], limits: DocxLimits, warnings: Warnings): Promise<string> {
  if (files.length >= limits.maxImages) {
    warnings.warn({ maxImages: limits.maxImages }, 'docx import: image limit reached, image dropped');
    return '';
  }
  const bytes = await image.readAsBuffer();
  // One picture pasted twice is one file.
  const same = files.find((file) => file.bytes.equals(bytes));
  if (same) return same.source;
  const contentType = imageContentType(image.contentType, bytes);
  if (!contentType) {
    warnings.warn({ contentType: image.contentType }, 'docx import: embedded file is not an image, dropped');
    return '';
  }
  const extension =
    EXTENSIONS[contentType] ??
    contentType
      .slice('image/'.length)
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 8);
  const name = `image${files.length + 1}.${extension || 'bin'}`;
  files.push({ source: `docx:/${name}`, name, contentType, bytes });
  return `docx:/${name}`;
}

/**
 * mammoth (JSZip) inflates every part in memory: refuse, before it runs, an archive whose central
 * directory declares more entries or uncompressed bytes than a zip import may have (a docx bomb),
 * or that has no main document part.
 */
async function checkArchive(bytes: Buffer, limits: ArchiveLimits): Promise<void> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(bytes, { lazyEntries: true, autoClose: false }, (err, zipfile) =>
      err ? reject(new ImportRefused(`not a .docx file (${clip(err.message, 200)})`)) : resolve(zipfile),
    ),
  );
  let entries = 0;
  let total = 0;
  let hasDocument = false;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries++;
      total += entry.uncompressedSize;
      hasDocument ||= entry.fileName === 'word/document.xml';
      if (entries > limits.maxZipEntries) return reject(new ImportRefused(`the .docx has more than ${limits.maxZipEntries} parts`));
      if (total > limits.maxZipBytes) return reject(new ImportRefused(`the .docx unpacks to more than ${limits.maxZipBytes} bytes`));
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', (err: Error) => reject(new ImportRefused(`not a .docx file (${clip(err.message, 200)})`)));
    zip.readEntry();
  }).finally(() => zip.close());
  if (!hasDocument) throw new ImportRefused('not a .docx file (it has no word/document.xml)');
}
