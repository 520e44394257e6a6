import { conflictBlock, hasConflictMarkers, mergeText } from '../src/modules/change-requests/domain/merge/merge-text';

// Line-level three-way merge of page bodies (docs/change-requests.md, Merge rules, Bodies).

const labels = { target: 'main', source: 'change request #1' };
const lines = (...l: string[]) => l.map((line) => `${line}\n`).join('');

describe('mergeText', () => {
  const base = lines('# Title', '', 'one', 'two', 'three', 'four', 'five');

  it('merges edits of different lines from both sides', () => {
    const target = lines('# Title', '', 'ONE', 'two', 'three', 'four', 'five');
    const source = lines('# Title', '', 'one', 'two', 'three', 'four', 'FIVE');
    expect(mergeText(base, target, source, labels)).toEqual({ text: lines('# Title', '', 'ONE', 'two', 'three', 'four', 'FIVE'), conflict: false });
  });

  it('writes overlapping edits between git-style markers, the target first', () => {
    const target = lines('# Title', '', 'one', 'two (main)', 'three', 'four', 'five');
    const source = lines('# Title', '', 'one', 'two (cr)', 'three', 'four', 'five');
    const merged = mergeText(base, target, source, labels);
    expect(merged.conflict).toBe(true);
    expect(merged.text).toBe(
      lines('# Title', '', 'one', '<<<<<<< main', 'two (main)', '=======', 'two (cr)', '>>>>>>> change request #1', 'three', 'four', 'five'),
    );
    expect(hasConflictMarkers(merged.text)).toBe(true);
  });

  it('takes a change made on one side only', () => {
    const source = lines('# Title', '', 'one', 'two', 'inserted', 'three', 'four', 'five');
    expect(mergeText(base, base, source, labels)).toEqual({ text: source, conflict: false });
    expect(mergeText(base, source, base, labels)).toEqual({ text: source, conflict: false });
  });

  it('takes the same change made on both sides once', () => {
    const changed = lines('# Title', '', 'one', 'TWO', 'three', 'four', 'five', 'six');
    expect(mergeText(base, changed, changed, labels)).toEqual({ text: changed, conflict: false });
    // The same line changed alike on both sides, and another line further down on one side.
    const target = lines('# Title', '', 'one', 'TWO', 'three', 'four', 'five');
    const source = lines('# Title', '', 'one', 'TWO', 'three', 'four', 'FIVE');
    expect(mergeText(base, target, source, labels)).toEqual({ text: source, conflict: false });
  });

  it('reads CRLF as LF and writes the target line endings back', () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    const target = crlf(lines('# Title', '', 'ONE', 'two', 'three', 'four', 'five'));
    const source = lines('# Title', '', 'one', 'two', 'three', 'four', 'FIVE');
    const merged = mergeText(crlf(base), target, source, labels);
    expect(merged).toEqual({ text: crlf(lines('# Title', '', 'ONE', 'two', 'three', 'four', 'FIVE')), conflict: false });
  });

  it('keeps a body without a trailing newline, and a marker line stays on a line of its own', () => {
    const noEol = 'a\nb\nc';
    expect(mergeText(noEol, 'A\nb\nc', noEol, labels)).toEqual({ text: 'A\nb\nc', conflict: false });
    expect(mergeText(noEol, 'A\nb\nc', 'a\nb\nC', labels)).toEqual({ text: 'A\nb\nC', conflict: false });
    const merged = mergeText(noEol, 'a\nb\nmain', 'a\nb\ncr', labels);
    expect(merged).toEqual({ text: 'a\nb\n<<<<<<< main\nmain\n=======\ncr\n>>>>>>> change request #1\n', conflict: true });
  });

  it('merges from an empty base: one side adds cleanly, two different additions conflict', () => {
    expect(mergeText('', '', 'new text\n', labels)).toEqual({ text: 'new text\n', conflict: false });
    const merged = mergeText('', 'main text\n', 'cr text\n', labels);
    expect(merged).toEqual({ text: conflictBlock('main text\n', 'cr text\n', labels), conflict: true });
  });

  it('reports edits of adjacent lines as a conflict (as git does)', () => {
    const target = lines('# Title', '', 'one', 'TWO', 'three', 'four', 'five');
    const source = lines('# Title', '', 'one', 'two', 'THREE', 'four', 'five');
    expect(mergeText(base, target, source, labels).conflict).toBe(true);
  });

  it('finds markers only as a whole block', () => {
    expect(hasConflictMarkers('a\n=======\nb\n')).toBe(false);
    expect(hasConflictMarkers('<<<<<<< x\n')).toBe(false);
    expect(hasConflictMarkers('<<<<<<< main\r\na\r\n=======\r\nb\r\n>>>>>>> cr\r\n')).toBe(true);
  });
});
