import { readSpaceRefTarget, type TargetKind } from '@quire/formats';
import type { RevisionIndex } from '../../revisions';

// What each link written in a revision's pages points at (spec "Content link item"):
// a page (or an anchor in one), a file, another space, an outside URL, or nothing (broken). A
// target is resolved once from the body's stored targets (page_bodies.links), in memory.

export type LinkStatus = 'ok' | 'broken' | 'in-app';

export type LinkTarget =
  | { kind: 'page'; page: string; anchor?: string }
  | { kind: 'file'; file: string }
  | { kind: 'space'; space: string }
  | { kind: 'url'; url: string }
  /** `target` as written; `from` is part of what it means (relative paths). */
  | { kind: 'broken'; target: string };

/** One link as written in one page. */
export interface PageLink {
  from: string;
  written: string;
  target: LinkTarget;
  /** An absolute URL into Quire's own app (under PUBLIC_URL), where a relative reference belongs. */
  isInApp: boolean;
}

const SPACE_ID = '([A-Za-z0-9_-]+)';
// `/v1/spaces/{id}` (the API's own address) or the app's `/o/{org}/s/{id}…` and reader `/s/{id}…`.
const SPACE_PATHS = [new RegExp(`^/v1/spaces/${SPACE_ID}/?$`), new RegExp(`^/o/[^/]+/s/${SPACE_ID}(?:/|$)`), new RegExp(`^/s/${SPACE_ID}(?:/|$)`)];
const API_SPACE_PATH = SPACE_PATHS[0] as RegExp;

/** The space an app or API path names, if any. */
function spaceOfPath(path: string): string | undefined {
  for (const pattern of SPACE_PATHS) {
    const match = pattern.exec(path);
    if (match) return match[1];
  }
  return undefined;
}

/** Classifies one written target of page `from`; `appBase` is PUBLIC_URL without its trailing slash. */
export function classifyTarget(index: RevisionIndex, written: string, from: string, appBase: string): PageLink {
  const trimmed = written.trim();
  const apiSpace = API_SPACE_PATH.exec(trimmed);
  if (apiSpace) return { from, written, target: { kind: 'space', space: apiSpace[1] as string }, isInApp: false };
  if (trimmed === appBase || trimmed.startsWith(`${appBase}/`) || trimmed.startsWith(`${appBase}?`) || trimmed.startsWith(`${appBase}#`)) {
    const path = trimmed.slice(appBase.length).split(/[?#]/)[0] ?? '';
    const space = spaceOfPath(path);
    return { from, written, target: space ? { kind: 'space', space } : { kind: 'url', url: trimmed }, isInApp: true };
  }
  // A link to another space's page (`quire-ref:`) counts as a link to that space.
  const otherSpace = readSpaceRefTarget(trimmed);
  if (otherSpace) return { from, written, target: { kind: 'space', space: otherSpace.space }, isInApp: false };
  const resolved = index.resolve(trimmed, from);
  switch (resolved.kind) {
    case 'page':
      return { from, written, target: { kind: 'page', page: resolved.page }, isInApp: false };
    case 'anchor':
      return { from, written, target: { kind: 'page', page: resolved.page ?? from, anchor: resolved.anchor }, isInApp: false };
    case 'file':
      return { from, written, target: { kind: 'file', file: resolved.file }, isInApp: false };
    case 'url':
      return { from, written, target: { kind: 'url', url: resolved.url }, isInApp: false };
    default:
      return { from, written, target: { kind: 'broken', target: written }, isInApp: false };
  }
}

/** Every link of every document page, in tree order; `linksOf` answers a body's stored targets. */
export function pageLinks(
  index: RevisionIndex,
  linksOf: (bodyHash: string) => readonly { target: string; kind: TargetKind }[] | undefined,
  appBase: string,
): PageLink[] {
  const links: PageLink[] = [];
  for (const page of index.tree.pages) {
    if (page.kind !== 'document' || !page.body) continue;
    for (const { target } of linksOf(page.body) ?? []) links.push(classifyTarget(index, target, page.id, appBase));
  }
  return links;
}

/** Pages some link points into with an anchor: their headings decide whether the anchor is there. */
export function pagesWithAnchorTargets(links: readonly PageLink[]): Set<string> {
  return new Set(links.flatMap((l) => (l.target.kind === 'page' && l.target.anchor !== undefined ? [l.target.page] : [])));
}
