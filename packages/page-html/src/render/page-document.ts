import type { Root } from 'hast';
import type { JSONDocument } from '@quire/formats';
import { hastTools } from '../engine/esm';
import { PAGE_SCHEMA } from '../safety/sanitize-schema';
import { renderBlocks } from './blocks';
import { el, text } from './hast';
import { childrenOf, isBlock } from './document-shape';
import type { PageRenderContext, RenderedPage } from './page-context';
import { clipped, collapsed, plainTextOf } from './plain-text';
import { RenderState } from './render-state';

const DESCRIPTION_LENGTH = 160;
/** The last paragraph of a page cut for a budget (MAX_NODES, MAX_TEXT). */
export const TRUNCATED_NOTE = 'This page is too long to be shown in full here: the rest of it is left out.';

/**
 * A page's document as the reader shows it: an HTML fragment built as hast, then sanitised with
 * the one allow-list (PAGE_SCHEMA) and serialised; the table of contents; the description. Pure
 * and deterministic: the same document and answers from `context` give the same page.
 */
export async function renderPageDocument(document: JSONDocument, context: PageRenderContext): Promise<RenderedPage> {
  const tools = await hastTools();
  const state = new RenderState(tools, context);
  const tree: Root = { type: 'root', children: renderBlocks(state, childrenOf(document), 0, true) };
  // Bounded work per request: a page past the node or text budget says it was cut.
  if (state.truncated) tree.children.push(el('p', { className: ['truncated-note'] }, [text(TRUNCATED_NOTE)]));
  const safe = tools.sanitize(tree, PAGE_SCHEMA);
  const html = tools.toHtml(safe, { characterReferences: { useNamedReferences: false } });
  return { html, headings: state.headings, description: descriptionOf(document) };
}

/** Load the libraries and the highlighter ahead of the first page (at a service's start). */
export async function preparePageRenderer(): Promise<void> {
  await renderPageDocument({ object: 'document', data: {}, nodes: [] }, { pageUrl: () => undefined, fileUrl: () => undefined });
}

/** The first paragraph with text (in document order, at any depth), as plain text of at most 160 characters. */
export function descriptionOf(document: JSONDocument): string {
  const queue: unknown[] = [...childrenOf(document)];
  for (let i = 0; i < queue.length && i < 10_000; i++) {
    const node = queue[i];
    if (!isBlock(node)) continue;
    if (node.type === 'paragraph') {
      const textOf = collapsed(plainTextOf(node, DESCRIPTION_LENGTH * 4));
      if (textOf) return clipped(textOf, DESCRIPTION_LENGTH);
    } else if (!node.type.startsWith('heading') && node.type !== 'code') {
      queue.push(...childrenOf(node).slice(0, 1000));
    }
  }
  return '';
}
