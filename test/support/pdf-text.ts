import { execFileSync } from 'node:child_process';

// Reading back what a PDF says, as a person's viewer would: pdf.js (pdfjs-dist, a dev
// dependency) extracts each page's text. pdf.js is ES-module only and jest runs these tests as
// CommonJS, so it runs in a child node process that reads the PDF on stdin.

const EXTRACT = `
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, verbosity: 0 }).promise;
const pages = [];
for (let i = 1; i <= doc.numPages; i++) {
  const content = await (await doc.getPage(i)).getTextContent();
  const lines = [{ x: null, text: '' }];
  for (const item of content.items) {
    const line = lines[lines.length - 1];
    if (line.x === null && item.str.trim()) line.x = item.transform[4];
    line.text += item.str;
    if (item.hasEOL) lines.push({ x: null, text: '' });
  }
  pages.push(lines.filter((line) => line.text));
}
process.stdout.write(JSON.stringify(pages));
`;

/** The lines of each page of a PDF, with where each starts (pdf.js gives indentation as a position, not spaces). */
export function pdfLines(pdf: Buffer): { x: number; text: string }[][] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', EXTRACT], {
    input: pdf,
    cwd: __dirname, // resolves pdfjs-dist from the repository's node_modules
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return JSON.parse(out.toString('utf8')) as { x: number; text: string }[][];
}

/** The text of each page of a PDF, a line a line. */
export function pdfPages(pdf: Buffer): string[] {
  return pdfLines(pdf).map((lines) => lines.map((line) => line.text).join('\n'));
}
