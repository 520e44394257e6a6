import type { BlobStore } from '@quire/platform/blobs';
import { listTargets, PDF_LIMITS, type PdfPage } from '@quire/formats';
import type { PdfJob, LoadedRevision } from '../../revisions';

// A PDF is rendered in a conversion thread (conversions.ts): the thread gets plain data, so the
// bytes of the images the pages embed are read here from the blob store and sent along.

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
