import { inflateSync } from 'node:zlib';

// Whether pdfkit can embed a PNG without failing. Its header alone (what `imageSize` reads) can be
// fine in a broken file: a file cut short fails the whole document ("Incomplete or corrupt PNG
// file"), and pixels pdfkit decodes itself (alpha, a palette's transparency, interlacing) that do
// not inflate, or rows with an unknown filter, throw from a zlib callback, outside any promise.

const SIGNATURE_BYTES = 8;
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7: each pass's first column and row, and its steps. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;
const MAX_FILTER = 4;

interface PngChunks {
  header: Buffer;
  data: Buffer[];
  transparency: boolean;
}

/** IHDR, the IDAT data and whether there is a tRNS; undefined when a chunk is cut short or IEND is missing. */
function chunksOf(bytes: Buffer): PngChunks | undefined {
  let pos = SIGNATURE_BYTES;
  let header: Buffer | undefined;
  const data: Buffer[] = [];
  let transparency = false;
  while (pos + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const body = pos + 8;
    pos = body + length + 4; // data, then CRC
    if (pos > bytes.length) return undefined;
    if (type === 'IEND') return header && header.length >= 13 && data.length ? { header, data, transparency } : undefined;
    if (type === 'IHDR') header = bytes.subarray(body, body + length);
    else if (type === 'IDAT') data.push(bytes.subarray(body, body + length));
    else if (type === 'tRNS') transparency = true;
  }
  return undefined;
}

/** Rows of each pass (one pass unless interlaced) and their bytes without the filter byte. */
function scanlines(width: number, height: number, bitsPerPixel: number, interlaced: boolean): { rows: number; bytes: number }[] {
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  return passes
    .map(([x0, y0, dx, dy]) => ({ columns: Math.ceil(Math.max(0, width - x0) / dx), rows: Math.ceil(Math.max(0, height - y0) / dy) }))
    .filter((pass) => pass.columns > 0 && pass.rows > 0)
    .map((pass) => ({ rows: pass.rows, bytes: Math.ceil((pass.columns * bitsPerPixel) / 8) }));
}

export function embeddablePng(bytes: Buffer): boolean {
  const chunks = chunksOf(bytes);
  if (!chunks) return false;
  const width = chunks.header.readUInt32BE(0);
  const height = chunks.header.readUInt32BE(4);
  const [bits, colorType, , , interlace] = chunks.header.subarray(8, 13) as unknown as number[];
  const channels = CHANNELS[colorType as number];
  if (!channels || ![1, 2, 4, 8, 16].includes(bits as number)) return false;
  const decodedByPdfkit = colorType === 4 || colorType === 6 || interlace === 1 || (colorType === 3 && chunks.transparency);
  if (!decodedByPdfkit) return true;
  const lines = scanlines(width, height, (bits as number) * channels, interlace === 1);
  const expected = lines.reduce((sum, pass) => sum + pass.rows * (1 + pass.bytes), 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(chunks.data), { maxOutputLength: expected + 1 });
  } catch {
    return false; // does not inflate, or inflates past what the header says
  }
  if (pixels.length !== expected) return false;
  let pos = 0;
  for (const pass of lines) {
    for (let row = 0; row < pass.rows; row += 1) {
      if ((pixels[pos] as number) > MAX_FILTER) return false;
      pos += 1 + pass.bytes;
    }
  }
  return true;
}
