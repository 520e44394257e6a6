import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { serviceUnavailable, type BlobStore } from '@quire/common';
import { listTargets, PDF_LIMITS, type PdfPage } from '@quire/formats';
import type { LoadedRevision } from '../content/read-content';

// Rendering a PDF is CPU work of seconds (pdfmake lays out every line): it runs in a worker
// thread so the service keeps answering other requests meanwhile. The worker gets plain data —
// the pages, the revision's tree (to resolve image targets) and the bytes of the images those
// pages embed, read here from the blob store — and answers the PDF bytes.

export interface PdfJob {
  title: string;
  pages: PdfPage[];
  tree: LoadedRevision['revision']['tree'];
  /** Image bytes by blob key. */
  images: Record<string, { bytes: Uint8Array; contentType: string }>;
}

/**
 * A render that takes longer than this is stopped with a 503 that says what to do, before the
 * gateway's 30 s upstream timeout would cut the request without a word.
 */
const RENDER_TIMEOUT_MS = 25_000;

/** The bytes of the revision's image files that the pages embed, within the per-image and per-PDF caps. */
export async function embeddedImages(blobs: BlobStore, loaded: LoadedRevision, pages: PdfPage[]): Promise<PdfJob['images']> {
  const files = new Map(loaded.revision.tree.files.map((f) => [f.id, f]));
  const wanted = new Map<string, { blob: string; contentType: string; size: number }>();
  for (const page of pages)
    for (const { target, kind } of listTargets(page.markdown)) {
      if (kind !== 'image') continue;
      const resolved = loaded.index.resolve(target, page.id);
      const file = resolved.kind === 'file' ? files.get(resolved.file) : undefined;
      if (file && file.size <= PDF_LIMITS.imageBytes) wanted.set(file.blob, file);
    }
  const images: PdfJob['images'] = {};
  let total = 0;
  for (const file of wanted.values()) {
    if (total + file.size > PDF_LIMITS.documentImageBytes) break;
    const bytes = await blobs.get(file.blob);
    if (!bytes) continue;
    images[file.blob] = { bytes, contentType: file.contentType };
    total += bytes.length;
  }
  return images;
}

/** Renders `job` in a worker thread; answers the PDF. */
export function renderPdfInWorker(job: PdfJob): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'pdf-worker-thread.js'), { workerData: job });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(serviceUnavailable(`Rendering this PDF took longer than ${RENDER_TIMEOUT_MS / 1000} s; try one page (only=true&page=…)`));
    }, RENDER_TIMEOUT_MS);
    worker.once('message', (pdf: Uint8Array) => {
      clearTimeout(timer);
      resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`the PDF worker exited with code ${code}`));
    });
  });
}
