import type { imageSize as ImageSize } from 'image-size';
import { PDF_LIMITS } from './pdf-limits';
import { embeddablePng } from './png-check';

// image-size is loaded on the first image measured, not at start.
let imageSize: typeof ImageSize | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (start-up time)
const loadImageSize = (): typeof ImageSize => (imageSize ??= (require('image-size') as { imageSize: typeof ImageSize }).imageSize);

// Images a PDF may embed: PNG and JPEG, the formats pdfkit reads, recognised by their bytes (a
// stored content type can be wrong). Anything else, a PNG pdfkit would fail on (png-check.ts), or
// anything over the caps, shows its alt text.

export interface PdfImage {
  /** A data URL: pdfmake takes images as data URLs or paths, and paths are not allowed. */
  dataUrl: string;
  width: number;
  height: number;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

function formatOf(bytes: Buffer): 'png' | 'jpeg' | undefined {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'jpeg';
  return undefined;
}

/** Counts what one document has embedded, so a page of a thousand big images stays bounded. */
export class ImageBudget {
  private count = 0;
  private bytes = 0;

  /** The image ready to embed, or undefined when it is not PNG/JPEG, unreadable or over a cap. */
  admit(bytes: Buffer): PdfImage | undefined {
    if (bytes.length > PDF_LIMITS.imageBytes) return undefined;
    if (this.count >= PDF_LIMITS.documentImages || this.bytes + bytes.length > PDF_LIMITS.documentImageBytes) return undefined;
    const format = formatOf(bytes);
    if (!format || (format === 'png' && !embeddablePng(bytes))) return undefined;
    let size: { width?: number; height?: number };
    try {
      size = loadImageSize()(bytes);
    } catch {
      return undefined;
    }
    const { width, height } = size;
    if (!width || !height || width * height > PDF_LIMITS.imagePixels) return undefined;
    this.count += 1;
    this.bytes += bytes.length;
    return { dataUrl: `data:image/${format};base64,${bytes.toString('base64')}`, width, height };
  }
}
