import { createHash } from 'node:crypto';
import { blockKeyOf, markdownBlocks, type MarkdownBlock } from '@quire/formats';
import { diffBlocks } from './block-diff';

// `revert_page` with `block` (reference 0.202.0, ChangeRequestContentChangeRevertPage): the named
// top-level blocks of a page body go back to how a source revision has them (block-diff.ts says what
// became of each), the other blocks stay as written:
// - added: removed;
// - deleted: back after the nearest block before it in the source that the body has (else first);
// - modified: either of its two keys puts the source's text in place of the current one;
// - moved: taken out and put back as a deleted block is; a block in both, not moved: nothing to do.
// A key may be a node key of the page document (`<key>.2`): it names its block.

export interface BlockRevert {
  markdown: string;
  /** The keys asked for that name a block of neither body. */
  unknownKeys: string[];
}

/** A block of the body being written, with the lines before it (blank lines, reference definitions). */
interface Piece {
  key: string;
  lines: string[];
  gap: string[];
  /** The block it followed in the current body, as written (null: a block written anew); after any other, joinPieces parts them. */
  after: string | null;
}

/** What a revert depends on, as a key: a revert computed ahead (block-revert-threads.ts) serves the same three inputs only. */
export function revertKey(currentMarkdown: string, sourceMarkdown: string, keys: readonly string[]): string {
  const hash = (text: string) => createHash('sha256').update(text).digest('base64url');
  return `${hash(currentMarkdown)}:${hash(sourceMarkdown)}:${JSON.stringify(keys)}`;
}

export function revertBlocks(currentMarkdown: string, sourceMarkdown: string, keys: readonly string[]): BlockRevert {
  const current = markdownBlocks(currentMarkdown);
  const source = markdownBlocks(sourceMarkdown);
  const { moved, modified } = diffBlocks(current, source);
  const sourceByKey = new Map(source.map((b) => [b.key, b]));
  const inCurrent = new Set(current.map((b) => b.key));

  const removed = new Set<string>();
  const replaced = new Map<string, MarkdownBlock>();
  const restored = new Set<string>();
  const unknownKeys: string[] = [];
  for (const asked of keys) {
    const key = blockKeyOf(asked);
    const sourceBlock = sourceByKey.get(key);
    const pair = modified.get(key);
    if (inCurrent.has(key) && sourceBlock) {
      if (moved.has(key)) {
        removed.add(key);
        restored.add(key);
      }
    } else if (inCurrent.has(key)) {
      if (pair) replaced.set(key, sourceByKey.get(pair) as MarkdownBlock);
      else removed.add(key);
    } else if (sourceBlock) {
      if (pair) replaced.set(pair, sourceBlock);
      else restored.add(key);
    } else unknownKeys.push(asked);
  }

  const written = keptPieces(currentMarkdown, current, removed, replaced);
  const end = written.pop() as Piece;
  const writtenKeys = new Set(written.map((p) => p.key));
  // In source order, so that a block restored can be the neighbour of the next one.
  source.forEach((block, index) => {
    if (!restored.has(block.key)) return;
    let anchor = index - 1;
    while (anchor >= 0 && !writtenKeys.has((source[anchor] as MarkdownBlock).key)) anchor--;
    const at = anchor < 0 ? 0 : written.findIndex((p) => p.key === (source[anchor] as MarkdownBlock).key) + 1;
    written.splice(at, 0, { key: block.key, lines: block.source.split('\n'), gap: [], after: null });
    writtenKeys.add(block.key);
  });
  return { markdown: joinPieces([...written, end]), unknownKeys };
}

/** The current body as pieces, the removed blocks left out and the replaced ones swapped; the last piece is the tail (no block). */
function keptPieces(markdown: string, current: MarkdownBlock[], removed: Set<string>, replaced: Map<string, MarkdownBlock>): Piece[] {
  const lines = markdown.split(/\r?\n/);
  const last = current[current.length - 1];
  const pieces: Piece[] = [
    ...current.map((block, i) => {
      const previous = current[i - 1];
      return { key: block.key, lines: lines.slice(block.from, block.to), gap: lines.slice(previous?.to ?? 0, block.from), after: previous?.key ?? null };
    }),
    { key: '', lines: [], gap: lines.slice(last?.to ?? 0), after: last?.key ?? null },
  ];
  const kept: Piece[] = [];
  let carried: string[] = [];
  for (const piece of pieces) {
    // A removed block's gap goes to the next block (a reference definition in it stays), which keeps its own blank lines last.
    if (removed.has(piece.key)) {
      carried = [...carried, ...piece.gap];
      continue;
    }
    const gap = carried.length ? squeezeBlankLines([...withoutTrailingBlankLines(carried), ...piece.gap]) : piece.gap;
    carried = [];
    const replacement = replaced.get(piece.key);
    kept.push(replacement ? { key: replacement.key, lines: replacement.source.split('\n'), gap, after: null } : { ...piece, gap });
  }
  return kept;
}

/**
 * What keeps apart two blocks that blank lines do not (two lists of one kind, a list and an indented
 * code block): an empty HTML comment, as CommonMark advises (spec 0.31, "Lists"). It shows nothing.
 */
const BLOCK_SEPARATOR = '<!-- -->';

/** The pieces as markdown: two blocks that were not neighbours are parted, or they could join. */
function joinPieces(pieces: Piece[]): string {
  const lines: string[] = [];
  pieces.forEach((piece, i) => {
    const previous = pieces[i - 1];
    let gap = piece.gap;
    if (previous && piece.after !== previous.key) {
      const isBlank = gap.every((l) => l.trim() === '');
      if (isBlank && previous.lines.length && piece.lines.length && wouldJoin(previous.lines, piece.lines)) gap = ['', BLOCK_SEPARATOR, ''];
      else if (gap.length && (gap[0] as string).trim() !== '') gap = ['', ...gap];
      else if (!gap.length && piece.lines.length) gap = [''];
    }
    lines.push(...gap, ...piece.lines);
  });
  return lines.join('\n');
}

function wouldJoin(first: string[], second: string[]): boolean {
  return markdownBlocks([...first, '', ...second].join('\n')).length < 2;
}

function withoutTrailingBlankLines(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && (lines[end - 1] as string).trim() === '') end--;
  return lines.slice(0, end);
}

/** Runs of blank lines in a merged gap as one. */
function squeezeBlankLines(lines: string[]): string[] {
  return lines.filter((line, i) => i === 0 || line.trim() !== '' || (lines[i - 1] as string).trim() !== '');
}
