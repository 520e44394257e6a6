// GitBook's JSONDocument (the reference's Document* schemas), as far as Quire emits it, and the
// builders every converter uses so that required fields (`marks`, `data`, `isVoid`) are never missed.

export type MarkType = 'bold' | 'italic' | 'code' | 'strikethrough';

export interface DocumentMark {
  object: 'mark';
  type: MarkType;
}

export interface DocumentLeaf {
  object: 'leaf';
  text: string;
  marks: DocumentMark[];
}

export interface DocumentText {
  object: 'text';
  leaves: DocumentLeaf[];
}

export type ContentRef =
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string; space?: string }
  | { kind: 'anchor'; anchor: string; page?: string; space?: string }
  | { kind: 'file'; file: string }
  | { kind: 'space'; space: string };

export interface DocumentInline {
  object: 'inline';
  type: 'link' | 'inline-image';
  data: Record<string, unknown>;
  isVoid?: boolean;
  nodes?: (DocumentText | DocumentInline)[];
}

export interface DocumentFragment {
  object: 'fragment';
  fragment: string;
  type?: string;
  nodes: DocumentBlock[];
}

export interface DocumentBlock {
  object: 'block';
  type: string;
  /** Set on top-level nodes: the markdown block they come from (markdown-blocks.ts). */
  key?: string;
  data?: Record<string, unknown>;
  isVoid?: boolean;
  nodes?: (DocumentBlock | DocumentText | DocumentInline)[];
  fragments?: DocumentFragment[];
}

export interface JSONDocument {
  object: 'document';
  data: Record<string, unknown>;
  nodes: DocumentBlock[];
}

export type InlineContent = DocumentText | DocumentInline;

export const leaf = (text: string, marks: readonly MarkType[] = []): DocumentLeaf => ({
  object: 'leaf',
  text,
  marks: [...marks].sort().map((type) => ({ object: 'mark', type })),
});

export const textNode = (text: string, marks: readonly MarkType[] = []): DocumentText => ({ object: 'text', leaves: [leaf(text, marks)] });

/** A paragraph; an empty one still holds one empty leaf (a block needs a text to be editable). */
export const paragraph = (nodes: InlineContent[]): DocumentBlock => ({ object: 'block', type: 'paragraph', nodes: nodes.length ? nodes : [textNode('')] });

export const plainParagraph = (text: string): DocumentBlock => paragraph([textNode(text)]);

export const imageRef = (ref: ContentRef, alt: string | undefined): DocumentBlock => ({
  object: 'block',
  type: 'image',
  isVoid: true,
  data: { ref, ...(alt ? { alt } : {}) },
  fragments: [],
});

export const inlineImage = (ref: ContentRef, alt: string | undefined): DocumentInline => ({
  object: 'inline',
  type: 'inline-image',
  isVoid: true,
  data: { ref, ...(alt ? { alt } : {}) },
});

/** The text a node shows, blocks separated by newlines (what a degraded block keeps). */
export function plainText(node: DocumentBlock | InlineContent | DocumentFragment): string {
  if (node.object === 'text') return node.leaves.map((l) => l.text).join('');
  if (node.object === 'inline' && node.type === 'inline-image') return typeof node.data.alt === 'string' ? node.data.alt : '';
  const parts: string[] = [];
  for (const child of node.nodes ?? []) parts.push(plainText(child));
  if (node.object === 'block') for (const fragment of node.fragments ?? []) parts.push(plainText(fragment));
  const type = node.type ?? '';
  const separator = node.object === 'inline' || type === 'paragraph' || type.startsWith('heading') || type === 'code-line' ? '' : '\n';
  return parts.filter((p) => p !== '').join(separator);
}
