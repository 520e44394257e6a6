import { anchorOf, uniqueSlug } from '@quire/formats';
import type { HastTools } from '../engine/esm';
import { ANCHOR, linkUrl, type SafeUrl } from '../safety/urls';
import type { ContentRef } from '@quire/formats';
import type { PageRenderContext, TocHeading } from './page-context';

/** Blocks and inlines nested deeper than this are shown as their text (no stack overflow, bounded hast). */
export const MAX_DEPTH = 48;
/** Nodes rendered per page at most: past it the rest of the document is left out (bounded work per request). */
export const MAX_NODES = 200_000;
/** Characters of text (and code) rendered per page at most: past it the text is cut (bounded HTML per request). */
export const MAX_TEXT = 2_000_000;
/** Code longer than this is shown unhighlighted (highlighting is the costliest step per character). */
export const MAX_HIGHLIGHT = 100_000;

/** What one rendering accumulates: the anchors taken, the table of contents, the node budget. */
export class RenderState {
  readonly anchors = new Set<string>();
  readonly headings: TocHeading[] = [];
  budget = MAX_NODES;
  textBudget = MAX_TEXT;
  /** Whether something was left out for a budget: the page then ends with a note saying so. */
  truncated = false;

  constructor(
    readonly tools: HastTools,
    readonly context: PageRenderContext,
  ) {}

  /** Whether one more node may be rendered (and counts it). */
  spend(): boolean {
    if (this.budget <= 0) {
      this.truncated = true;
      return false;
    }
    this.budget--;
    return true;
  }

  /** How many of `length` characters of text may still be rendered (and counts them). */
  takeText(length: number): number {
    const allowed = Math.min(length, this.textBudget);
    this.textBudget -= allowed;
    if (allowed < length) this.truncated = true;
    return allowed;
  }

  /** A unique anchor: the stored id when it has the reference's alphabet, else a slug of the text. */
  anchor(storedId: unknown, text: string, fallback: string): string {
    const wanted = typeof storedId === 'string' && ANCHOR.test(storedId) ? storedId : anchorOf(text).replace(/^[-.]+|[-.]+$/g, '');
    return uniqueSlug(ANCHOR.test(wanted) ? wanted : fallback, this.anchors);
  }

  /** Where a content reference leads, or undefined (the caller shows text): callbacks for pages and files, the URL policy for all. */
  refUrl(ref: ContentRef | undefined): SafeUrl | undefined {
    if (!ref) return undefined;
    switch (ref.kind) {
      case 'url':
        return linkUrl(ref.url);
      case 'page':
        return this.internal(this.call(() => this.context.pageUrl(ref.page, undefined, ref.space)));
      case 'anchor':
        if (ref.page) return this.internal(this.call(() => this.context.pageUrl(ref.page as string, ref.anchor, ref.space)));
        return !ref.space && ANCHOR.test(ref.anchor) ? { href: `#${ref.anchor}`, external: false } : undefined;
      case 'space':
        return this.internal(this.call(() => this.context.spaceUrl?.(ref.space)));
      case 'file':
        return this.internal(this.call(() => this.context.fileUrl(ref.file)));
    }
  }

  /** A callback's answer, or undefined when it throws or answers something else than a string. */
  call<T>(callback: () => T | undefined): T | undefined {
    try {
      return callback();
    } catch {
      return undefined;
    }
  }

  /** An address the reader gave (a published page or file): checked, never marked external. */
  internal(url: unknown): SafeUrl | undefined {
    const safe = linkUrl(url);
    return safe && { href: safe.href, external: false };
  }
}
