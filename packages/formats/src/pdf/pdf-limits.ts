// What one PDF export may cost. A revision's bodies and files are written by its editors, so a
// body or an image can be hostile; these caps keep one export's memory and time bounded, and
// what they cut is said in the PDF, never dropped silently. pdfmake lays out about 10,000 words
// a second here (in content's worker thread, domain/pdf/pdf-worker.ts): `documentChars` bounds
// the layout work, and the worker's time limit bounds the rest (a 100-page revision of ordinary
// pages takes seconds).

export const PDF_LIMITS = {
  /** Characters of one page body laid out; the rest is replaced by a note. */
  pageChars: 100_000,
  /** Characters of all bodies together; later pages keep their title and a note. */
  documentChars: 1_000_000,
  /**
   * Characters of one line of code or one unbroken word; longer ones are cut with an ellipsis
   * (pdfmake splits an overlong word by measuring it again for every line it fills).
   */
  lineChars: 1_000,
  /**
   * Characters of one block of text handed to pdfmake: its line breaker copies the rest of a block
   * for every word (quadratic), so longer paragraphs and code blocks are laid out in pieces.
   */
  blockChars: 2_000,
  /** Table columns and rows kept (the rest are noted). */
  tableColumns: 20,
  tableRows: 1_000,
  /** Bytes of one image file; bigger images show their alt text. */
  imageBytes: 10 * 1024 * 1024,
  /** Pixels of one image: pdfkit decodes PNGs with alpha into memory (4 bytes a pixel). */
  imagePixels: 25_000_000,
  /** Images of one PDF and their bytes together. */
  documentImages: 1_000,
  documentImageBytes: 100 * 1024 * 1024,
} as const;
