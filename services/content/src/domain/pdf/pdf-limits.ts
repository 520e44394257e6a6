// What one PDF export may cost. A revision's bodies and files are written by its editors, so a
// body or an image can be hostile; these caps keep one export's memory and time bounded, and
// what they cut is said in the PDF, never dropped silently.

export const PDF_LIMITS = {
  /** Characters of one page body laid out; the rest is replaced by a note. */
  pageChars: 200_000,
  /** Characters of all bodies together; later pages keep their title and a note. */
  documentChars: 4_000_000,
  /** Characters of one line of code or one unbroken word; longer ones are cut with an ellipsis. */
  lineChars: 5_000,
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
