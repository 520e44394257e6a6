import { diff3Merge } from 'node-diff3';
import type { MergeLabels } from './merge-conflict';

// Line-level three-way merge of one page body (diff3, Khanna, Kunal and Pierce 2007, through
// node-diff3). Lines are compared with their line ending so that "no newline at the end" is a
// change like any other; CRLF is read as LF and written back if the target used it.

export interface TextMerge {
  text: string;
  conflict: boolean;
}

export function mergeText(base: string, target: string, source: string, labels: MergeLabels): TextMerge {
  if (target === source || base === source) return { text: target, conflict: false };
  if (base === target) return { text: source, conflict: false };
  const eol = target.includes('\r\n') ? '\r\n' : '\n';
  // node-diff3 splits a string on whitespace: it is given arrays of lines, never strings.
  const regions = diff3Merge(splitLines(target), splitLines(base), splitLines(source));
  let text = '';
  let conflict = false;
  for (const region of regions) {
    if (region.ok) text += region.ok.join('');
    else if (region.conflict) {
      conflict = true;
      text += conflictBlock(region.conflict.a.join(''), region.conflict.b.join(''), labels);
    }
  }
  return { text: eol === '\n' ? text : text.replace(/\n/g, eol), conflict };
}

/** Both versions between git-style markers, the target's first; each marker on a line of its own. */
export function conflictBlock(targetText: string, sourceText: string, labels: MergeLabels): string {
  return `<<<<<<< ${oneLine(labels.target)}\n${asLines(targetText)}` + `=======\n${asLines(sourceText)}` + `>>>>>>> ${oneLine(labels.source)}\n`;
}

const MARKED_CONFLICT = /^<{7}(?: .*)?\r?$[\s\S]*?^={7}\r?$[\s\S]*?^>{7}(?: .*)?\r?$/m;

/** Whether a body still holds a conflict written by a merge (a writer resolves it by importing the page again). */
export function hasConflictMarkers(markdown: string): boolean {
  return MARKED_CONFLICT.test(markdown);
}

function splitLines(text: string): string[] {
  const lf = text.replace(/\r\n/g, '\n');
  return lf === '' ? [] : lf.split(/(?<=\n)/);
}

function asLines(text: string): string {
  const lf = text.replace(/\r\n/g, '\n');
  return lf === '' || lf.endsWith('\n') ? lf : `${lf}\n`;
}

function oneLine(label: string): string {
  return label.replace(/\s+/g, ' ').trim();
}
