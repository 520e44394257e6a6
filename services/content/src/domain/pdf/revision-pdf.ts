import type { BlobStore, SqlExecutor } from '@quire/common';
import { findBodies } from '../../store/revision-content.store';
import { pageIn, type LoadedRevision } from '../content/read-content';
import { childrenByParent, subtreeIds, type StoredPage } from '../../model/revision-tree';
import { markdownToPdf, note, styledText, type ImageSlot } from './markdown-to-pdf';
import { ImageBudget } from './pdf-images';
import { PDF_LIMITS } from './pdf-limits';
import { pdfBuffer, type Content, type DocumentDefinition } from './pdfmake-engine';

// A revision's pages as one PDF (change request `.../pdf`, issue #12 §5): pages in tree order,
// each from a new PDF page under its title. Nothing is fetched: images come as bytes through
// `PdfSource.image`, and pdfmake may open no file but the fonts (pdfmake-engine.ts).

export interface PdfPage {
  id: string;
  title: string;
  depth: number;
  markdown: string;
}

export interface PdfSource {
  /** The space title: the document's title and its first heading. */
  title: string;
  /** In tree order; groups have markdown ''. */
  pages: PdfPage[];
  /** The bytes an image target of page `fromPageId` points at; undefined when it is not a file of the revision. */
  image(target: string, fromPageId: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
}

export async function renderPdf(source: PdfSource): Promise<Buffer> {
  const images = new PdfImages(source);
  let charsLeft = PDF_LIMITS.documentChars;
  const spaceTitle = titleText(source.title);
  const content: Content[] = [{ text: styledText(spaceTitle, { bold: true }), fontSize: 26, margin: [0, 0, 0, 16] }];
  for (const [index, page] of source.pages.entries()) {
    const { text, cut } = visibleBody(page.markdown, charsLeft);
    charsLeft -= text.length;
    const body = markdownToPdf(text);
    const title = titleText(page.title) || 'Untitled';
    await images.fill(body.images, page.id);
    content.push(
      {
        text: styledText(title, { bold: true }),
        fontSize: page.depth ? 18 : 22,
        outline: true,
        outlineText: title,
        margin: [0, 0, 0, 10],
        ...(index ? { pageBreak: 'before' as const } : {}),
      },
      ...body.content,
      ...(cut ? [note(cut)] : []),
    );
  }
  const definition: DocumentDefinition = {
    info: { title: spaceTitle, creator: 'Quire' },
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 50],
    defaultStyle: { font: 'Sans', fontSize: 10.5, lineHeight: 1.2 },
    images: images.dataUrls,
    content,
  };
  return pdfBuffer(definition);
}

// C0 controls other than tab and newlines: NUL and friends have no glyph and no meaning on paper.
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A title as one line of printable text, no longer than a line of text may be. */
function titleText(title: string): string {
  return title.replace(CONTROLS, '').replace(/\s+/g, ' ').trim().slice(0, PDF_LIMITS.lineChars);
}

/** The part of a body laid out under the caps, and the note that says what was left out. */
function visibleBody(markdown: string, charsLeft: number): { text: string; cut?: string } {
  const limit = Math.max(0, Math.min(PDF_LIMITS.pageChars, charsLeft));
  const text = (markdown.length > limit ? markdown.slice(0, limit) : markdown).replace(CONTROLS, '');
  if (markdown.length <= limit) return { text };
  const why =
    limit < PDF_LIMITS.pageChars
      ? `this PDF shows ${PDF_LIMITS.documentChars} characters in all`
      : `this PDF shows the first ${PDF_LIMITS.pageChars} characters of a page`;
  return { text, cut: `${markdown.length - limit} more characters of this page are not shown: ${why}.` };
}

const IMAGE_READS_AT_ONCE = 8;

/** The images of one document: resolved once per page and target, within the caps. */
class PdfImages {
  readonly dataUrls: Record<string, string> = {};
  private readonly budget = new ImageBudget();
  private readonly known = new Map<string, { key: string; width: number; height: number } | undefined>();
  private attempts = 0;

  constructor(private readonly source: PdfSource) {}

  async fill(slots: ImageSlot[], pageId: string): Promise<void> {
    const pending = new Map<string, string>();
    for (const { target } of slots) {
      const id = `${pageId}\u0000${target}`;
      if (this.known.has(id) || pending.has(id) || this.attempts >= PDF_LIMITS.documentImages) continue;
      this.attempts += 1;
      pending.set(id, target);
    }
    // A few reads at a time: a page of hundreds of images must not open hundreds of blob reads.
    const queue = [...pending];
    for (let i = 0; i < queue.length; i += IMAGE_READS_AT_ONCE) {
      await Promise.all(queue.slice(i, i + IMAGE_READS_AT_ONCE).map(([id, target]) => this.resolve(id, target, pageId)));
    }
    for (const { target, slot } of slots) {
      const image = this.known.get(`${pageId}\u0000${target}`);
      if (image) slot.stack[0] = { image: image.key, ...fitted(image) };
    }
  }

  private async resolve(id: string, target: string, pageId: string): Promise<void> {
    // A store that fails leaves the alt text: one missing picture should not cost the whole PDF.
    const found = await this.source.image(target, pageId).catch(() => undefined);
    const image = found && this.budget.admit(found.bytes);
    if (!image) return void this.known.set(id, undefined);
    const key = `image${this.known.size}`;
    this.dataUrls[key] = image.dataUrl;
    this.known.set(id, { key, width: image.width, height: image.height });
  }
}

/** An image's size on the page in points: its pixels at 96 dpi, shrunk to fit the text box. */
function fitted(image: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(0.75, 495 / image.width, 600 / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

/**
 * What `renderPdf` needs from a revision: its pages in tree order (depth first), or the page asked
 * for (with its subpages when `subpages`), their bodies in one query, and its files as image bytes. Images outside the revision
 * (URLs) are never fetched: they keep their alt text.
 */
export async function revisionPdfSource(
  deps: { db: SqlExecutor; blobs: BlobStore },
  loaded: LoadedRevision,
  spaceTitle: string,
  only?: { pageId: string; subpages?: boolean },
): Promise<PdfSource> {
  const ordered = only ? selectedPages(loaded, only.pageId, only.subpages ?? false) : treeOrder(loaded.revision.tree.pages);
  const hashes = ordered.flatMap(({ page }) => (page.kind === 'document' && page.body ? [page.body] : []));
  const bodies = await findBodies(deps.db, hashes);
  const files = new Map(loaded.revision.tree.files.map((f) => [f.id, f]));
  return {
    title: spaceTitle,
    pages: ordered.map(({ page, depth }) => ({
      id: page.id,
      title: page.title,
      depth,
      markdown: page.kind === 'link' ? linkLine(loaded, page) : page.body ? (bodies.get(page.body) ?? '') : '',
    })),
    async image(target, fromPageId) {
      const resolved = loaded.index.resolve(target, fromPageId);
      const file = resolved.kind === 'file' ? files.get(resolved.file) : undefined;
      if (!file || file.size > PDF_LIMITS.imageBytes) return undefined;
      const bytes = await deps.blobs.get(file.blob);
      return bytes ? { bytes, contentType: file.contentType } : undefined;
    },
  };
}

/** One page, or the page and its subpages in tree order (depths counted from it). */
function selectedPages(loaded: LoadedRevision, pageId: string, subpages: boolean): { page: StoredPage; depth: number }[] {
  const root = pageIn(loaded, pageId);
  if (!subpages) return [{ page: root, depth: 0 }];
  const inside = subtreeIds(loaded.revision.tree.pages, root.id);
  const ordered = treeOrder(loaded.revision.tree.pages).filter(({ page }) => inside.has(page.id));
  const rootDepth = ordered[0]?.depth ?? 0;
  return ordered.map(({ page, depth }) => ({ page, depth: depth - rootDepth }));
}

/** Pages depth first from the top level, siblings in order; pages no walk reaches come last. */
function treeOrder(pages: readonly StoredPage[]): { page: StoredPage; depth: number }[] {
  const children = childrenByParent(pages);
  const out: { page: StoredPage; depth: number }[] = [];
  const seen = new Set<string>();
  const pending: { page: StoredPage; depth: number }[] = [...(children.get(null) ?? [])].reverse().map((page) => ({ page, depth: 0 }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (seen.has(next.page.id)) continue;
    seen.add(next.page.id);
    out.push(next);
    const depth = next.depth + 1;
    pending.push(...[...(children.get(next.page.id) ?? [])].reverse().map((page) => ({ page, depth })));
  }
  for (const page of pages) if (!seen.has(page.id)) out.push({ page, depth: 0 });
  return out;
}

/** A link page's body: one line naming where it points. */
function linkLine(loaded: LoadedRevision, page: StoredPage): string {
  const target = page.target;
  if (!target) return '';
  if (target.kind === 'url') return `Link: <${encodeURI(decodeSafe(target.url)).replace(/[<>]/g, encodeURIComponent)}>`;
  if (target.kind === 'file') return `Link to the file ${escapeMarkdown(loaded.revision.tree.files.find((f) => f.id === target.file)?.name ?? target.file)}`;
  const to = target.page ? loaded.index.page(target.page) : undefined;
  return `Link to the page ${escapeMarkdown(to?.title ?? target.page ?? '')}${target.kind === 'anchor' ? ` (#${escapeMarkdown(target.anchor)})` : ''}`;
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, '\\$&');
}

function decodeSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
