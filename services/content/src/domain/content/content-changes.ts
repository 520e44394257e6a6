import { badRequest } from '@quire/errors';
import { readMarkdownPage, slugify, uniqueSlug, withoutLeadingHeading } from '@quire/formats';
import { addFile, bodyHash } from './apply-import';
import { resolveBatchLinks, type BatchRefs } from './batch-links';
import { revertBlocks, revertKey, type BlockRevert } from './block-revert';
import type { EditDraft } from './commit-edit';
import { RevisionIndex } from './content-refs';
import { deletePage, movePage, type PageMove } from './page-edits';
import { childrenByParent, pagePaths, subtreeIds, type RevisionTree, type StoredFile, type StoredPage } from '../../model/revision-tree';

// The page changes of a batch content edit (`updateChangeRequestContent`, @gitbook/api 0.202.0,
// issue #24), applied in order to one tree so that the batch makes one revision or nothing: the
// first change that cannot apply throws a 400 naming it (`"changes.3.page": …`) and the caller's
// transaction writes nothing. Links in the bodies resolve once the whole batch is applied
// (batch-links.ts). A revert takes the page's body and fields from an older revision of the space,
// or, with `block`, some blocks of its body (block-revert.ts).

/** The page fields of the reference's RevisionPageUpdate that Quire stores. */
export interface PageFields {
  title?: string;
  slug?: string;
  emoji?: string;
  description?: string;
  hidden?: boolean;
}

export type ContentChange =
  | ({ operation: 'insert_page'; document: string; into?: string; at?: number; ref?: string } & PageFields & ReadPageFields)
  | ({ operation: 'update_page'; page: string; document?: string; into?: string | null; at?: number } & PageFields & ReadPageFields)
  | { operation: 'delete_page'; page: string }
  | { operation: 'insert_files'; files: BatchFile[] }
  | { operation: 'revert_page'; page: string; revision?: string; block?: string[] }
  | { operation: 'delete_file'; file: string };

/**
 * What Git Sync's import (domain/git-sync/import-changes.ts) gives besides the API's fields, never
 * accepted from a request (the API schema is strict): a page it already read (title and body
 * apart, so `document` is not read again), its kind, layout and id chosen ahead (so that later
 * changes of the batch can put pages under it); and `delete_file`, for a file the repository lost.
 */
export interface ReadPageFields {
  id?: string;
  kind?: 'document' | 'group' | 'link';
  /** The body as stored: `document`'s front matter and heading are not read. */
  body?: string;
  layout?: StoredPage['layout'];
  /** Link pages: the URL. */
  href?: string;
}

/** A file of an `insert_files` change, its bytes already read (and stored) by the caller. */
export interface BatchFile {
  name: string;
  ref?: string;
  contentType: string;
  bytes: Buffer;
}

/** What happened to each page the batch touched, in the order first touched (the `compat=false` answer). */
export type PageOutcome = { kind: 'created'; pageId: string; ref?: string } | { kind: 'updated'; pageId: string } | { kind: 'deleted'; pageId: string };

export interface ChangesDraft extends EditDraft {
  outcomes: PageOutcome[];
  /** The files `insert_files` added, in order (the `insertedFiles` of the answer). */
  insertedFiles: StoredFile[];
}

export interface ChangesContext {
  newId: () => string;
  now: Date;
  /** The trees `revert_page` may take a page from, by revision id (loaded by the caller). */
  revisions?: ReadonlyMap<string, RevisionTree>;
  /** The revision a `revert_page` without `revision` goes back to: the change request's base. */
  baseRevision?: string;
  /** Stored bodies by hash: at least those `storedBodiesToRead` names (what block reverts read). */
  storedBodies?: ReadonlyMap<string, string>;
  /** Block reverts computed ahead in a conversion thread, by revertKey (block-revert-threads.ts); one missing is computed here. */
  revertedBlocks?: ReadonlyMap<string, BlockRevert>;
}

const DEFAULT_TITLE = 'Untitled';

/** A markdown document as a page body and the title it gives: front matter, then a leading `# heading`. */
interface ReadDocument {
  body: string;
  title?: string;
  description?: string;
}

function readDocument(markdown: string): ReadDocument {
  const page = readMarkdownPage(markdown.replace(/\u0000/g, ''));
  const fromHeading = page.isHeadingFirst ? page.heading : undefined;
  const body = fromHeading && !page.frontmatter.title ? withoutLeadingHeading(page.markdown) : page.markdown;
  return { body, title: page.frontmatter.title ?? fromHeading, description: page.frontmatter.description };
}

export function applyContentChanges(parent: RevisionTree, changes: readonly ContentChange[], ctx: ChangesContext): ChangesDraft {
  let tree: RevisionTree = { pages: parent.pages.map((p) => ({ ...p })), files: parent.files };

  const bodies = new Map<string, string>();
  const outcomes = new Map<string, PageOutcome>();
  const touch = (outcome: PageOutcome) => {
    const before = outcomes.get(outcome.pageId);
    // A page created then updated stays "created"; one created then deleted leaves no trace.
    if (before?.kind === 'created' && outcome.kind === 'updated') return;
    if (before?.kind === 'created' && outcome.kind === 'deleted') return void outcomes.delete(outcome.pageId);
    outcomes.set(outcome.pageId, outcome);
  };
  const refs: BatchRefs = new Map();
  const files = [...parent.files];
  const takenNames = new Set(files.map((f) => f.name));
  const insertedFiles: StoredFile[] = [];
  const sentBodies = new Map<string, string>();
  const now = ctx.now.toISOString();
  /** Makes `markdown` the page's body, stored with the draft; an empty one is no body. */
  const storeBody = (page: StoredPage, markdown: string) => {
    if (markdown.trim() === '') return void delete page.body;
    const hash = bodyHash(markdown);
    bodies.set(hash, markdown);
    page.body = hash;
  };
  const storedMarkdown = (page: StoredPage): string => {
    if (page.body === undefined) return '';
    const markdown = bodies.get(page.body) ?? ctx.storedBodies?.get(page.body);
    if (markdown === undefined) throw new Error(`body ${page.body} of page ${page.id} was not loaded (storedBodiesToRead)`);
    return markdown;
  };
  /** A page's markdown as the batch has it so far: sent (its links resolve at the end) or stored. */
  const markdownOf = (page: StoredPage): { markdown: string; isSent: boolean } => {
    const sent = sentBodies.get(page.id);
    return sent !== undefined ? { markdown: sent, isSent: true } : { markdown: storedMarkdown(page), isSent: false };
  };

  changes.forEach((change, index) => {
    /** The input layer's way of naming a field: `Invalid body field "changes.3.page": …`. */
    const at = (field: string) => `Invalid body field "changes.${index}.${field}"`;
    const pageOf = (id: string, field: string): StoredPage => {
      const page = tree.pages.find((p) => p.id === id);
      if (!page) throw badRequest(`${at(field)}: page ${id} is not in this change request`);
      return page;
    };
    // Bodies are stored once the batch is applied: their links resolve against the final tree.
    const setBody = (page: StoredPage, markdown: string) => void sentBodies.set(page.id, markdown);
    const checkParent = (parentId: string | null, moving: Set<string>, field: string) => {
      if (parentId === null) return;
      const parentPage = pageOf(parentId, field);
      if (moving.has(parentId)) throw badRequest(`${at(field)}: a page cannot move under itself or one of its descendants`);
      if (parentPage.kind === 'link') throw badRequest(`${at(field)}: a link page has no subpages`);
    };
    const checkSlug = (slug: string, parentId: string | null, exceptId: string | null, field: string) => {
      if (slugify(slug) !== slug) throw badRequest(`${at(field)}: "${slug}" is not a slug (lowercase letters, digits and dashes)`);
      const siblings = childrenByParent(tree.pages).get(parentId) ?? [];
      if (siblings.some((s) => s.slug === slug && s.id !== exceptId))
        throw badRequest(`${at(field)}: another page under the same parent has the slug "${slug}"`);
    };
    const checkRef = (ref: string, field: string) => {
      if (refs.has(ref)) throw badRequest(`${at(field)}: the ref "${ref}" is used twice in this batch`);
      if (new Set(pagePaths(tree.pages).values()).has(ref.replace(/\.md$/i, '')))
        throw badRequest(`${at(field)}: "${ref}" is the path of a page already in the change request`);
    };
    const placeAt = (pageId: string, parentId: string | null, position: number | undefined): PageMove => {
      const siblings = (childrenByParent(tree.pages).get(parentId) ?? []).filter((p) => p.id !== pageId);
      const before = position === undefined ? undefined : siblings[position];
      return { parent: parentId, ...(before ? { before: before.id } : {}) };
    };

    switch (change.operation) {
      case 'insert_page': {
        if (change.ref !== undefined) checkRef(change.ref, 'ref');
        const parentId = change.into ?? null;
        checkParent(parentId, new Set(), 'into');
        const document: ReadDocument = change.body !== undefined ? { body: change.body } : readDocument(change.document);
        const title = (document.title ?? change.title ?? '').trim() || DEFAULT_TITLE;
        const taken = new Set((childrenByParent(tree.pages).get(parentId) ?? []).map((p) => p.slug));
        if (change.slug !== undefined) checkSlug(change.slug, parentId, null, 'slug');
        const kind = change.kind ?? 'document';
        if (kind === 'group' && parentId !== null) throw badRequest(`${at('into')}: a group stays at the top level`);
        const page: StoredPage = {
          id: change.id ?? ctx.newId(),
          parentId,
          kind,
          title,
          slug: change.slug ?? uniqueSlug(slugify(title), taken),
          ...optionalFields(change, document.description),
          ...(change.href !== undefined ? { target: { kind: 'url' as const, url: change.href } } : {}),
          createdAt: now,
          updatedAt: now,
        };
        if (kind === 'document') setBody(page, document.body);
        // Appended, then placed: movePage keeps tree order (parents before children).
        tree = { pages: [...tree.pages, page], files: tree.files };
        tree = movePage(tree, page.id, placeAt(page.id, parentId, change.at), ctx.now).tree;
        if (change.ref !== undefined) refs.set(change.ref, { page: page.id });
        touch({ kind: 'created', pageId: page.id, ...(change.ref !== undefined ? { ref: change.ref } : {}) });
        break;
      }
      case 'update_page': {
        const page = pageOf(change.page, 'page');
        const moves = change.into !== undefined || change.at !== undefined;
        const parentId = change.into === undefined ? page.parentId : change.into;
        if (moves) checkParent(parentId, subtreeIds(tree.pages, page.id), 'into');
        if (moves && page.kind === 'group' && parentId !== null) throw badRequest(`${at('into')}: a group stays at the top level`);
        if (change.slug !== undefined) checkSlug(change.slug, parentId, page.id, 'slug');
        const updated: StoredPage = { ...page, updatedAt: now };
        const document: ReadDocument | undefined =
          change.body !== undefined ? { body: change.body } : change.document === undefined ? undefined : readDocument(change.document);
        // The document's title wins over the field, as on insert; a new title keeps the slug (the URL).
        const title = (document?.title ?? change.title)?.trim();
        if (title) updated.title = title;
        if (document) setBody(updated, document.body);
        Object.assign(updated, optionalFields(change, document?.description));
        if (change.href !== undefined) updated.target = { kind: 'url', url: change.href };
        if (change.slug !== undefined) updated.slug = change.slug;
        tree = { pages: tree.pages.map((p) => (p.id === page.id ? updated : p)), files: tree.files };
        if (moves) tree = movePage(tree, page.id, placeAt(page.id, parentId, change.at), ctx.now).tree;
        touch({ kind: 'updated', pageId: page.id });
        break;
      }
      case 'insert_files': {
        change.files.forEach((file, i) => {
          if (file.ref !== undefined) checkRef(file.ref, `files.${i}.ref`);
          const stored = addFile({ ...file, source: `batch:${index}/${i}` }, files, takenNames, [], ctx);
          if (!insertedFiles.includes(stored)) insertedFiles.push(stored);
          if (file.ref !== undefined) refs.set(file.ref, { file: stored.id });
        });
        tree = { pages: tree.pages, files };
        break;
      }
      case 'revert_page': {
        const source = ctx.revisions?.get(change.revision ?? ctx.baseRevision ?? '');
        if (!source) throw badRequest(`${at('revision')}: revision ${change.revision ?? ctx.baseRevision} is not a revision of this space`);
        const then = source.pages.find((p) => p.id === change.page);
        const current = tree.pages.find((p) => p.id === change.page);
        if (!then && !current) throw badRequest(`${at('page')}: page ${change.page} is in neither the change request nor the revision`);
        if (change.block) {
          // A page added or deleted since has no block of the other side to go back to: the whole page does.
          if (!then || !current)
            throw badRequest(`${at('block')}: page ${change.page} was ${then ? 'deleted' : 'added'} since that revision; revert the whole page (no "block")`);
          const body = markdownOf(current);
          const sourceMarkdown = storedMarkdown(then);
          const reverted =
            ctx.revertedBlocks?.get(revertKey(body.markdown, sourceMarkdown, change.block)) ?? revertBlocks(body.markdown, sourceMarkdown, change.block);
          if (reverted.unknownKeys.length)
            throw badRequest(`${at('block')}: no block ${reverted.unknownKeys.join(', ')} in the page's document nor in the revision's`);
          const updated: StoredPage = { ...current, updatedAt: now };
          // A sent body still has its links to resolve; a stored one is kept as written, but for the reverted blocks.
          if (body.isSent) setBody(updated, reverted.markdown);
          else storeBody(updated, reverted.markdown);
          tree = { pages: tree.pages.map((p) => (p.id === current.id ? updated : p)), files: tree.files };
          touch({ kind: 'updated', pageId: current.id });
          break;
        }
        if (!then) {
          // Added since: removed (with its subpages).
          const draft = deletePage(tree, change.page);
          tree = draft.tree;
          for (const id of draft.changedPageIds) touch({ kind: 'deleted', pageId: id });
          break;
        }
        // Its body and fields as they were; the body is stored already (the revision has it).
        const restored: StoredPage = { ...then, updatedAt: now };
        sentBodies.delete(change.page);
        if (current) {
          tree = {
            pages: tree.pages.map((p) => (p.id === change.page ? { ...restored, parentId: current.parentId, slug: current.slug } : p)),
            files: tree.files,
          };
          touch({ kind: 'updated', pageId: change.page });
          break;
        }
        // Deleted since: back under its parent when that is still here, else at the top level.
        const parentId = then.parentId !== null && tree.pages.some((p) => p.id === then.parentId) ? then.parentId : null;
        const taken = new Set((childrenByParent(tree.pages).get(parentId) ?? []).map((p) => p.slug));
        tree = { pages: [...tree.pages, { ...restored, parentId, slug: uniqueSlug(then.slug, taken) }], files: tree.files };
        touch({ kind: 'updated', pageId: change.page });
        break;
      }
      case 'delete_file': {
        const file = files.findIndex((f) => f.id === change.file);
        if (file < 0) throw badRequest(`${at('file')}: file ${change.file} is not in this change request`);
        takenNames.delete(files[file]!.name);
        files.splice(file, 1);
        tree = { pages: tree.pages, files };
        break;
      }
      case 'delete_page': {
        pageOf(change.page, 'page');
        const draft = deletePage(tree, change.page);
        tree = draft.tree;
        for (const id of draft.changedPageIds) touch({ kind: 'deleted', pageId: id });
        break;
      }
    }
  });

  const index = new RevisionIndex(tree);
  for (const page of tree.pages) {
    const sent = sentBodies.get(page.id);
    if (sent === undefined) continue;
    storeBody(page, resolveBatchLinks(sent, page.id, index, refs));
  }
  return { tree, bodies, changedPageIds: [...outcomes.keys()], outcomes: [...outcomes.values()], insertedFiles };
}

/**
 * The stored bodies a batch's block reverts read (`ChangesContext.storedBodies`): each such page's body
 * in the change request and in every revision the batch reverts from, whatever changes come first.
 */
export function storedBodiesToRead(parent: RevisionTree, changes: readonly ContentChange[], revisions: ReadonlyMap<string, RevisionTree>): string[] {
  const pageIds = new Set(changes.flatMap((c) => (c.operation === 'revert_page' && c.block ? [c.page] : [])));
  if (!pageIds.size) return [];
  const hashes = [parent, ...revisions.values()].flatMap((t) => t.pages.filter((p) => pageIds.has(p.id) && p.body !== undefined).map((p) => p.body as string));
  return [...new Set(hashes)];
}

/** The optional page fields a change sets; an empty emoji removes it. */
function optionalFields(fields: PageFields & ReadPageFields, descriptionFromDocument: string | undefined): Partial<StoredPage> {
  const out: Partial<StoredPage> = {};
  if (fields.emoji !== undefined) out.emoji = fields.emoji === '' ? undefined : fields.emoji;
  const description = descriptionFromDocument ?? fields.description;
  if (description !== undefined) out.description = description;
  if (fields.hidden !== undefined) out.hidden = fields.hidden;
  if (fields.layout !== undefined) out.layout = fields.layout;
  return out;
}
