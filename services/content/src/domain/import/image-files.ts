import { OutboundError } from '@quire/common';
import { imageSize } from 'image-size';
import MarkdownIt from 'markdown-it';
import { clip, safeDecode } from './fetched-text';
import { FetchBudget } from './fetch-budget';
import type { ImportDeps, ImportedFile } from './imported-content';

// Images a fetched page references by URL, fetched into files so that the revision does not depend
// on the original site staying up. An image that cannot be fetched stays a link (logged), it does
// not fail the import.

const parser = new MarkdownIt('commonmark', { html: true }).enable(['table']);
type Token = ReturnType<MarkdownIt['parse']>[number];
const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const CONCURRENCY = 4;

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

export interface PageImages {
  markdown: string;
  /** The page's URL: relative image targets resolve against it. */
  source: string;
}

export interface CollectedImages {
  files: ImportedFile[];
  /** Image URLs tried (fetched or failed), for `totalResources`. */
  attempted: number;
}

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
  visit(parser.parse(markdown, {}));
  return targets.filter(Boolean);
}

/**
 * Fetches the images of the pages, each URL once, at most `limits.maxImages` for the whole import;
 * a file's `source` is the image's absolute URL (what the writer resolves the page's target to).
 */
export async function collectImageFiles(pages: PageImages[], deps: ImportDeps, budget = new FetchBudget(deps.limits)): Promise<CollectedImages> {
  const urls: string[] = [];
  const seen = new Set<string>();
  for (const page of pages)
    for (const target of imageTargets(page.markdown)) {
      const url = absoluteHttpUrl(target, page.source);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      urls.push(url);
    }
  if (urls.length > deps.limits.maxImages)
    deps.log.warn({ images: urls.length, maxImages: deps.limits.maxImages }, 'import: image limit reached, the rest stay links');
  const wanted = urls.slice(0, deps.limits.maxImages);
  const found: (ImportedFile | undefined)[] = new Array<ImportedFile | undefined>(wanted.length);
  let next = 0;
  let unfetched = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const index = next++;
      if (budget.isSpent) unfetched++;
      else found[index] = await fetchImage(wanted[index]!, deps, budget);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, wanted.length) }, worker));
  if (unfetched) deps.log.warn({ images: unfetched }, 'import: images left as links, the import is out of bytes or time');
  return { files: found.filter((f): f is ImportedFile => f !== undefined), attempted: wanted.length };
}

async function fetchImage(url: string, deps: ImportDeps, budget: FetchBudget): Promise<ImportedFile | undefined> {
  try {
    const response = await deps.fetcher.fetch(url, budget.options('image/*'));
    if (!budget.take(response.body.length)) {
      deps.log.warn({ url }, 'import: image skipped, the import is out of bytes');
      return undefined;
    }
    const contentType = imageContentType(response.contentType, response.body);
    if (!contentType) {
      deps.log.warn({ url, contentType: response.contentType }, 'import: image skipped, not an image');
      return undefined;
    }
    return { source: url, name: fileName(response.url, contentType), contentType, bytes: response.body };
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    deps.log.warn({ url, kind: err.kind, err: err.message }, 'import: image skipped, fetch failed');
    return undefined;
  }
}

/** The declared image/* type, or for an undeclared or octet-stream body the type its bytes show. */
export function imageContentType(declared: string | null, body: Buffer): string | undefined {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('image/')) return type;
  if (type !== '' && type !== 'application/octet-stream' && type !== 'binary/octet-stream') return undefined;
  try {
    return SNIFFED_TYPES[imageSize(body).type ?? ''];
  } catch {
    return undefined; // image-size throws on bytes it does not recognise
  }
}

function absoluteHttpUrl(target: string, base: string): string | undefined {
  try {
    const url = new URL(target, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
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
