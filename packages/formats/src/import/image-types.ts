import type { imageSize as ImageSize } from 'image-size';
import { markdownParser, type Token } from '../document/markdown-parser';
import { clip, safeDecode } from './names';

// Images in imported content: the targets a body shows, the type of an image's bytes, and a file
// name for it.

// image-size is loaded on the first image sniffed, not at start.
let imageSize: typeof ImageSize | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (start-up time)
const loadImageSize = (): typeof ImageSize => (imageSize ??= (require('image-size') as { imageSize: typeof ImageSize }).imageSize);
const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

const SNIFFED_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  tiff: 'image/tiff',
  avif: 'image/avif',
  heif: 'image/heif',
};
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/svg+xml': 'svg', 'image/x-icon': 'ico' };

/** The image targets of a markdown body (markdown images and raw `<img>`), as written, in order. */
export function imageTargets(markdown: string): string[] {
  const targets: string[] = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'image') targets.push(token.attrGet('src') ?? '');
      else if (token.type === 'html_block' || token.type === 'html_inline')
        for (const m of token.content.matchAll(IMG_SRC)) targets.push(m[1] ?? m[2] ?? m[3] ?? '');
      if (token.children) visit(token.children);
    }
  };
  visit(markdownParser(['table']).parse(markdown, {}));
  return targets.filter(Boolean);
}

/** The declared image/* type, or for an undeclared or octet-stream body the type its bytes show. */
export function imageContentType(declared: string | null, body: Buffer): string | undefined {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('image/')) return type;
  if (type !== '' && type !== 'application/octet-stream' && type !== 'binary/octet-stream') return undefined;
  try {
    return SNIFFED_TYPES[loadImageSize()(body).type ?? ''];
  } catch {
    return undefined; // image-size throws on bytes it does not recognise
  }
}

/** The URL's last segment as a file name, with an extension matching the content type when it has none. */
export function fileName(url: string, contentType: string): string {
  const segment = safeDecode(new URL(url).pathname.split('/').pop() ?? '');
  const name = clip(segment.replace(/[\p{Cc}/\\:*?"<>|]+/gu, '_').trim(), 100) || 'image';
  if (/\.[a-z0-9]{1,5}$/i.test(name)) return name;
  const subtype = EXTENSIONS[contentType] ?? contentType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') ?? 'bin';
  return `${name}.${subtype.slice(0, 8)}`;
}
