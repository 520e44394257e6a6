import { bodyHash, RevisionIndex, childrenByParent, type RevisionTree, type StoredFile, type StoredPage } from '../../../revisions';
import { resolveBatchLinks, type BatchRefs } from '../batch-links';
import type { PageMove } from '../page-edits';
import type { ChangesContext, ChangesDraft, PageOutcome } from './change-types';

/**
 * The state a batch content edit builds up change after change: the tree so far, the bodies sent
 * (their links resolve in `finish`, against the final tree) and stored, the refs the batch gave,
 * the files and what happened to each page. Each operation's handler changes it in place.
 */
export class ContentBatch {
  tree: RevisionTree;
  /** Bodies stored with the draft, by hash. */
  readonly bodies = new Map<string, string>();
  /** Bodies sent by the batch, by page id: stored in `finish`, once their links resolve. */
  readonly sentBodies = new Map<string, string>();
  readonly refs: BatchRefs = new Map();
  readonly files: StoredFile[];
  readonly takenNames: Set<string>;
  readonly insertedFiles: StoredFile[] = [];
  readonly now: string;
  private readonly outcomes = new Map<string, PageOutcome>();

  constructor(
    parent: RevisionTree,
    readonly ctx: ChangesContext,
  ) {
    this.tree = { pages: parent.pages.map((p) => ({ ...p })), files: parent.files };
    this.files = [...parent.files];
    this.takenNames = new Set(this.files.map((f) => f.name));
    this.now = ctx.now.toISOString();
  }

  /** Notes what happened to a page: one created then updated stays "created"; one created then deleted leaves no trace. */
  touch(outcome: PageOutcome): void {
    const before = this.outcomes.get(outcome.pageId);
    if (before?.kind === 'created' && outcome.kind === 'updated') return;
    if (before?.kind === 'created' && outcome.kind === 'deleted') return void this.outcomes.delete(outcome.pageId);
    this.outcomes.set(outcome.pageId, outcome);
  }

  /** Makes `markdown` the page's body, stored with the draft; an empty one is no body. */
  storeBody(page: StoredPage, markdown: string): void {
    if (markdown.trim() === '') return void delete page.body;
    const hash = bodyHash(markdown);
    this.bodies.set(hash, markdown);
    page.body = hash;
  }

  /** Makes `markdown` the page's body once the batch is applied: its links resolve against the final tree. */
  sendBody(page: StoredPage, markdown: string): void {
    this.sentBodies.set(page.id, markdown);
  }

  storedMarkdown(page: StoredPage): string {
    if (page.body === undefined) return '';
    const markdown = this.bodies.get(page.body) ?? this.ctx.storedBodies?.get(page.body);
    if (markdown === undefined) throw new Error(`body ${page.body} of page ${page.id} was not loaded (storedBodiesToRead)`);
    return markdown;
  }

  /** A page's markdown as the batch has it so far: sent (its links resolve at the end) or stored. */
  markdownOf(page: StoredPage): { markdown: string; isSent: boolean } {
    const sent = this.sentBodies.get(page.id);
    return sent !== undefined ? { markdown: sent, isSent: true } : { markdown: this.storedMarkdown(page), isSent: false };
  }

  findPage(id: string): StoredPage | undefined {
    return this.tree.pages.find((p) => p.id === id);
  }

  /** Puts `page` in place of the page of the same id. */
  replacePage(page: StoredPage): void {
    this.tree = { pages: this.tree.pages.map((p) => (p.id === page.id ? page : p)), files: this.tree.files };
  }

  childrenOf(parentId: string | null): StoredPage[] {
    return childrenByParent(this.tree.pages).get(parentId) ?? [];
  }

  /** Where a page goes under `parentId`: before the sibling now at `position` (the others than itself), or last. */
  placeAt(pageId: string, parentId: string | null, position: number | undefined): PageMove {
    const siblings = this.childrenOf(parentId).filter((p) => p.id !== pageId);
    const before = position === undefined ? undefined : siblings[position];
    return { parent: parentId, ...(before ? { before: before.id } : {}) };
  }

  /** The draft: sent bodies stored with their links resolved, the pages touched and the files inserted. */
  finish(): ChangesDraft {
    const index = new RevisionIndex(this.tree);
    for (const page of this.tree.pages) {
      const sent = this.sentBodies.get(page.id);
      if (sent === undefined) continue;
      this.storeBody(page, resolveBatchLinks(sent, page.id, index, this.refs));
    }
    const outcomes = [...this.outcomes.values()];
    return { tree: this.tree, bodies: this.bodies, changedPageIds: [...this.outcomes.keys()], outcomes, insertedFiles: this.insertedFiles };
  }
}
