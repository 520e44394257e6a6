import { parentPort, workerData } from 'node:worker_threads';
import { renderPdf } from '@quire/formats';
import { RevisionIndex } from '../content/content-refs';
import type { PdfJob } from './pdf-worker';

// The worker side of pdf-worker.ts: renders one job and posts the bytes back.
const job = workerData as PdfJob;
const index = new RevisionIndex(job.tree);
const files = new Map(job.tree.files.map((f) => [f.id, f]));

void renderPdf({
  title: job.title,
  pages: job.pages,
  image: (target, fromPageId) => {
    const resolved = index.resolve(target, fromPageId);
    const file = resolved.kind === 'file' ? files.get(resolved.file) : undefined;
    const image = file ? job.images[file.blob] : undefined;
    return Promise.resolve(image ? { bytes: Buffer.from(image.bytes), contentType: image.contentType } : undefined);
  },
}).then((pdf) => parentPort?.postMessage(pdf, [pdf.buffer as ArrayBuffer]));
