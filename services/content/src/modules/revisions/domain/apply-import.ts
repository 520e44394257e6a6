import { createHash } from 'node:crypto';
import type { imageSize as ImageSize } from 'image-size';
import { blobKey } from '@quire/platform/blobs';
import { type ImportedContent, type ImportedFile, type ImportedPage, rewriteTargets, slugify, uniqueFileName, uniqueSlug } from '@quire/formats';
import { RevisionIndex } from './content-refs';
import type { RevisionTree, StoredFile, StoredPage } from '../model/revision-tree';

// image-size is loaded on the first image measured, not at start.
let imageSize: typeof ImageSize | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (start-up time)
const loadImageSize = (): typeof ImageSize => (imageSize ??= (require('image-size') as { imageSize: typeof ImageSize }).imageSize);

// Turns what an importer produced into the next revision's tree: new pages with slugs unique
// among their siblings, files deduplicated by content, and every link between imported pages and
// files rewritten to the revision's own relative paths (content-refs.ts).

export type Placement = { kind: 'append' } | { kind: 'replace-page'; pageId: string };

export interface ImportDraft {
  tree: RevisionTree;
  /** Bodies by SHA-256, only the new ones. */
  bodies: Map<string, string>;
  /** Bytes of the files this revision adds. */
  blobs: Buffer[];
  changedPageIds: string[];
  importedResources: number;
}

export interface DraftContext {
  newId: () => string;
  now: Date;
}

export function bodyHash(markdown: string): string {
  return createHash('sha256').update(markdown).digest('hex');
}

/** Postgres refuses NUL in text; an imported body never carries one. */
function cleanText(text: string): string {
  return text.replace(/\u0000/g, '');
}

export function applyImport(parent: RevisionTree, imported: ImportedContent, placement: Placement, ctx: DraftContext): ImportDraft {
  const now = ctx.now.toISOString();
  const pages = parent.pages.map((p) => ({ ...p }));
  const files = [...parent.files];
  const blobs: Buffer[] = [];
  const fileBySource = new Map<string, StoredFile>();
  const takenNames = new Set(files.map((f) => f.name));

  for (const file of imported.files) {
    const stored = addFile(file, files, takenNames, blobs, ctx);
    fileBySource.set(sourceKey(file.source), stored);
  }

  // Where imported pages go, and which existing page (if any) takes the first imported body.
  const target = placement.kind === 'replace-page' ? pages.find((p) => p.id === placement.pageId) : undefined;
  const slugsTaken = new Map<string | null, Set<string>>();
  const taken = (parentId: string | null) => {
    let set = slugsTaken.get(parentId);
    if (!set) {
      set = new Set(pages.filter((p) => p.parentId === parentId).map((p) => p.slug));
      slugsTaken.set(parentId, set);
    }
    return set;
  };
  const placed: { page: StoredPage; imported: ImportedPage }[] = [];
  /** Group and link pages: no body, no source. */
  const added: StoredPage[] = [];
  const pageBySource = new Map<string, string>();

  const place = (node: ImportedPage, parentId: string | null) => {
    const title = cleanText(node.title).trim() || 'Untitled';
    // Groups live at the top level only: one placed below a page is a titled page without a body.
    const kind = node.kind === 'link' && node.href ? 'link' : node.kind === 'group' && parentId === null ? 'group' : 'document';
    const page: StoredPage = {
      id: ctx.newId(),
      parentId,
      kind,
      title,
      slug: uniqueSlug(slugify(title), taken(parentId)),
      ...(kind === 'link' ? { target: { kind: 'url' as const, url: cleanText(node.href as string) } } : {}),
      ...(node.description ? { description: cleanText(node.description) } : {}),
      createdAt: now,
      updatedAt: now,
    };
    pages.push(page);
    if (kind === 'document') {
      placed.push({ page, imported: node });
      pageBySource.set(sourceKey(node.source), page.id);
    } else added.push(page);
    for (const child of node.pages) place(child, kind === 'link' ? parentId : page.id);
  };

  if (target) {
    const [first, ...rest] = imported.pages;
    if (first && first.kind !== undefined) place(first, target.id);
    else if (first) {
      target.updatedAt = now;
      placed.push({ page: target, imported: first });
      pageBySource.set(sourceKey(first.source), target.id);
      for (const child of first.pages) place(child, target.id);
    }
    for (const node of rest) place(node, target.id);
  } else {
    for (const node of imported.pages) place(node, null);
  }

  const bodies = storeImportedBodies(placed, { pages, files }, pageBySource, fileBySource);
  return {
    tree: { pages, files },
    bodies,
    blobs,
    changedPageIds: [...placed.map((p) => p.page.id), ...added.map((p) => p.id)],
    // The source's resources that became a page or a file, as `totalResources` counts them: groups,
    // link pages and pages the import made up (a folder, a missing file) are none.
    importedResources: placed.filter((p) => p.imported.kind === undefined && !p.imported.isPlaceholder).length + fileBySource.size,
  };
}

/** The placed pages' bodies, their links rewritten against the new tree, by hash (each page given its body's hash; an empty one is no body). */
function storeImportedBodies(
  placed: readonly { page: StoredPage; imported: ImportedPage }[],
  tree: RevisionTree,
  pageBySource: ReadonlyMap<string, string>,
  fileBySource: ReadonlyMap<string, StoredFile>,
): Map<string, string> {
  const index = new RevisionIndex(tree);
  const bodies = new Map<string, string>();
  for (const { page, imported: node } of placed) {
    const markdown = rewriteImportedLinks(cleanText(node.markdown), node.source, page.id, index, pageBySource, fileBySource);
    if (markdown === '') delete page.body;
    else {
      const hash = bodyHash(markdown);
      bodies.set(hash, markdown);
      page.body = hash;
    }
  }
  return bodies;
}

/**
 * Adds a file to `files` under a name unique among them (the same bytes under the same name are the
 * file already there), its bytes to `blobs`; answers the stored file. Also used by batch edits.
 */
export function addFile(file: ImportedFile, files: StoredFile[], takenNames: Set<string>, blobs: Buffer[], ctx: DraftContext): StoredFile {
  const blob = blobKey(file.bytes);
  const name = cleanText(file.name).replace(/[/\\]/g, '_').trim() || 'file';
  const same = files.find((f) => f.blob === blob && f.name === name);
  if (same) return same;
  const stored: StoredFile = {
    id: ctx.newId(),
    name: uniqueFileName(name, takenNames),
    contentType: file.contentType,
    size: file.bytes.length,
    blob,
    ...imageDimensions(file),
  };
  files.push(stored);
  blobs.push(file.bytes);
  return stored;
}

function imageDimensions(file: ImportedFile): { dimensions?: { width: number; height: number } } {
  if (!file.contentType.startsWith('image/')) return {};
  try {
    const { width, height } = loadImageSize()(file.bytes);
    return width && height ? { dimensions: { width, height } } : {};
  } catch {
    return {};
  }
}

/** A source URL as pages and files are looked up by: no fragment, no trailing slash. */
function sourceKey(source: string): string {
  try {
    const url = new URL(source);
    url.hash = '';
    return url.href.replace(/\/$/, '');
  } catch {
    return source;
  }
}

function rewriteImportedLinks(
  markdown: string,
  source: string,
  pageId: string,
  index: RevisionIndex,
  pageBySource: ReadonlyMap<string, string>,
  fileBySource: ReadonlyMap<string, StoredFile>,
): string {
  return rewriteTargets(markdown, (target) => {
    let url: URL;
    try {
      url = new URL(target, source);
    } catch {
      return undefined;
    }
    const key = sourceKey(url.href);
    const file = fileBySource.get(key);
    if (file) return index.relativeTarget(pageId, { fileName: file.name });
    const page = pageBySource.get(key) ?? pageBySource.get(key.replace(/\/(index|README)\.(md|html?)$/i, ''));
    if (page) return index.relativeTarget(pageId, { page, ...(url.hash ? { anchor: url.hash.slice(1) } : {}) });
    // A relative link to something not imported stays valid only as an absolute URL of its origin.
    if (!/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') && /^https?:$/.test(url.protocol)) return url.href;
    return undefined;
  });
}
