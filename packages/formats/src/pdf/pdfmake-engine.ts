import { FONT_FILES, PDF_FONTS, type FontFamily } from './pdf-fonts';

// pdfmake 0.3's server build, typed by hand for the part Quire uses: @types/pdfmake pulls the DOM
// library into every TypeScript project of the repository (its typings reference lib "dom"),
// which breaks Node's stream types elsewhere.

type Margin = [number, number, number, number];

interface Styled {
  margin?: Margin;
  fontSize?: number;
  bold?: boolean;
  italics?: boolean;
  color?: string;
  font?: FontFamily;
  lineHeight?: number;
  pageBreak?: 'before' | 'after';
}

export interface ContentText extends Styled {
  text: string | ContentText[];
  decoration?: 'lineThrough';
  background?: string;
  link?: string;
  preserveLeadingSpaces?: boolean;
  /** A bookmark in the PDF viewer's outline. */
  outline?: boolean;
  outlineText?: string;
}

export interface ContentStack extends Styled {
  stack: Content[];
}

export interface ContentTable extends Styled {
  table: { widths: ('*' | number)[]; body: TableCell[][]; headerRows?: number };
  layout?: TableLayout;
}

export type TableCell = Content & { fillColor?: string };

export interface TableLayout {
  hLineWidth?: (i: number) => number;
  vLineWidth?: (i: number) => number;
  hLineColor?: (i: number) => string;
  vLineColor?: (i: number) => string;
  paddingLeft?: (i: number) => number;
  paddingTop?: (i: number) => number;
  paddingBottom?: (i: number) => number;
  fillColor?: (row: number) => string | null;
}

export type Content =
  | string
  | ContentText
  | ContentStack
  | ContentTable
  | (Styled & { ul: Content[]; type?: 'none' })
  | (Styled & { ol: Content[]; start?: number })
  | (Styled & { image: string; width: number; height: number })
  | (Styled & { canvas: { type: 'line'; x1: number; y1: number; x2: number; y2: number; lineWidth: number; lineColor: string }[] });

export interface DocumentDefinition {
  info: { title: string; creator: string };
  pageSize: 'A4';
  pageMargins: Margin;
  defaultStyle: Styled;
  /** Data URLs by key. */
  images: Record<string, string>;
  content: Content[];
}

interface PdfMake {
  createPdf(definition: DocumentDefinition): { getBuffer(): Promise<Buffer> };
  setFonts(fonts: typeof PDF_FONTS): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
}

let pdfmake: PdfMake | undefined;

// Required by the first PDF, not at import: pdfmake with pdfkit and fontkit costs a process
// ~150 ms of CPU, and an embedded start would pay it for a PDF it may never render.
function loadPdfmake(): PdfMake {
  if (pdfmake) return pdfmake;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS instance typed above (`import * as` would lose its prototype methods), loaded on first use
  pdfmake = require('pdfmake') as PdfMake;
  // pdfmake fetches http(s) URLs and reads local paths named in a document by default. Documents
  // here carry images as data URLs, so it may fetch nothing and open no file but the fonts.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => FONT_FILES.has(path));
  pdfmake.setFonts(PDF_FONTS);
  return pdfmake;
}

export function pdfBuffer(definition: DocumentDefinition): Promise<Buffer> {
  return loadPdfmake().createPdf(definition).getBuffer();
}
