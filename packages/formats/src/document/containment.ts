import { inlineImage, paragraph, plainParagraph, plainText, textNode, type DocumentBlock, type InlineContent } from './document-nodes';

// Which blocks the reference admits inside which container. A converter builds blocks freely and
// `fitBlocks` then makes the tree valid: a block its container does not admit is degraded to what
// it may hold (an image row becomes inline images, anything else its text as paragraphs), so a
// document is never invalid whatever the markdown nests where.

const ESSENTIALS = ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'list-tasks', 'divider'];
const TOP_LEVEL = [
  ...ESSENTIALS,
  'blockquote',
  'hint',
  'code',
  'images',
  'file',
  'drawing',
  'embed',
  'math',
  'expandable',
  'tabs',
  'table',
  'content-ref',
  'stepper',
  'openapi-operation',
  'openapi-schemas',
  'openapi-webhook',
  'swagger',
];
const TAB_CONTENT = [...ESSENTIALS, 'content-ref', 'code', 'embed', 'file', 'images', 'drawing', 'hint', 'blockquote', 'math', 'integration'];

export const ADMITS: Record<string, ReadonlySet<string>> = {
  document: new Set(TOP_LEVEL),
  'list-item': new Set([...ESSENTIALS, 'code', 'hint', 'blockquote', 'math', 'table']),
  blockquote: new Set([...ESSENTIALS, 'blockquote']),
  hint: new Set(ESSENTIALS),
  'tabs-item': new Set(TAB_CONTENT),
  'stepper-step': new Set(TAB_CONTENT),
  'expandable-body': new Set([...ESSENTIALS, 'images', 'code', 'table', 'hint', 'blockquote', 'reusable-content']),
  'table-cell': new Set(TOP_LEVEL),
};

const BLOCK_CONTAINERS = new Set(['list-item', 'blockquote', 'hint', 'tabs-item', 'stepper-step']);

/** The blocks made valid for a container that admits `admitted`, their own children included. */
export function fitBlocks(blocks: DocumentBlock[], admitted: ReadonlySet<string>): DocumentBlock[] {
  const fitted: DocumentBlock[] = [];
  for (const block of blocks) {
    if (admitted.has(block.type)) fitted.push(fitChildren(block));
    else fitted.push(...degrade(block, admitted));
  }
  return fitted;
}

function fitChildren(block: DocumentBlock): DocumentBlock {
  if (BLOCK_CONTAINERS.has(block.type)) {
    const children = fitBlocks(block.nodes as DocumentBlock[], ADMITS[block.type] as ReadonlySet<string>);
    return { ...block, nodes: children.length ? children : [plainParagraph('')] };
  }
  if (['list-ordered', 'list-unordered', 'list-tasks', 'tabs', 'stepper'].includes(block.type)) {
    return { ...block, nodes: (block.nodes as DocumentBlock[]).map(fitChildren) };
  }
  if (block.type === 'expandable' && block.fragments) {
    return {
      ...block,
      fragments: block.fragments.map((f) =>
        f.fragment === 'expandable-body' ? { ...f, nodes: nonEmpty(fitBlocks(f.nodes, ADMITS['expandable-body'] as ReadonlySet<string>)) } : f,
      ),
    };
  }
  return block;
}

function nonEmpty(blocks: DocumentBlock[]): DocumentBlock[] {
  return blocks.length ? blocks : [plainParagraph('')];
}

/** What a block becomes where it is not admitted: never dropped, its text kept. */
function degrade(block: DocumentBlock, admitted: ReadonlySet<string>): DocumentBlock[] {
  switch (block.type) {
    case 'images':
      return [paragraph((block.nodes as DocumentBlock[]).map((image) => inlineImage(image.data?.ref as never, image.data?.alt as string | undefined)))];
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return [paragraph((block.nodes as InlineContent[]) ?? [])];
    case 'code':
      return [paragraph([textNode(plainText(block), ['code'])])];
    case 'embed':
      return [
        paragraph([
          { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: block.data?.url as string } }, nodes: [textNode(block.data?.url as string)] },
        ]),
      ];
    default:
      // A container (quote, hint, tabs, table, expandable…) gives up its frame and keeps its blocks.
      if (block.nodes?.length && block.nodes.every((n) => n.object === 'block')) {
        return fitBlocks(
          (block.nodes as DocumentBlock[]).flatMap((child) =>
            ['tabs-item', 'stepper-step', 'list-item'].includes(child.type) ? (child.nodes as DocumentBlock[]) : [child],
          ),
          admitted,
        );
      }
      return plainText(block)
        .split(/\n{2,}/)
        .filter((t) => t.trim() !== '')
        .map((t) => plainParagraph(t));
  }
}
