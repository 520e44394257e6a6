import { anchorOf } from '../document/markdown-to-document';

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^\s{0,3}#{1,6}\s+(?!\s)(.*)$/;
const INLINE_TARGET = /\]\([^)]*\)/g;

/**
 * The anchors a markdown body's headings get (the ids markdown-to-document gives heading blocks):
 * ATX headings outside fenced code, their link targets dropped, through the same `anchorOf`.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]?.[0] === fence[0] && (fenceMatch[1]?.length ?? 0) >= fence.length) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1] as string;
      continue;
    }
    const heading = ATX_HEADING.exec(line);
    const anchor = heading ? anchorOf(withoutClosingSequence(heading[1] ?? '').replace(INLINE_TARGET, ']')) : '';
    if (anchor) anchors.add(anchor);
  }
  return anchors;
}

/**
 * A heading's text without its closing sequence (`## Title ##`): whitespace, `#`s, optional
 * whitespace at the end. Done by hand: a lazy text before `\s+#+\s*$` backtracks in the square
 * of a line's spaces.
 */
function withoutClosingSequence(text: string): string {
  const trimmed = text.trimEnd();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '#') end--;
  if (end === trimmed.length || end === 0 || trimmed.slice(end - 1, end).trim() !== '') return text;
  return trimmed.slice(0, end).trimEnd();
}
