import { markdownToDocument } from '../document/markdown-to-document';
import { documentToPdf, note, styledText, type ImageSlot } from './document-to-pdf';
import { ImageBudget } from './pdf-images';
import { PDF_LIMITS } from './pdf-limits';
import { pdfBuffer, type Content, type DocumentDefinition } from './pdfmake-engine';

// A revision's pages as one PDF (change request `.../pdf`): pages in tree order,
// each from a new PDF page under its title, its body laid out from its JSONDocument (the model
// `format=document` answers). Nothing is fetched: images come as bytes through
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
    const body = documentToPdf(markdownToDocument(text, { softBreak: ' ', fit: false }));
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
