import { createHash, randomUUID } from 'node:crypto';
import { textMemo } from '@quire/helpers';
import type { sites } from '@quire/proto';

// Sites' resolution of an anonymous visitor's URL as the shared cache keeps it (see
// docs/reader.md "Fast and fresh"), with the generations of its site and of every space the site
// publishes when it was resolved. An event about any of them writes a new generation: the entry
// no longer matches and the next request resolves through sites again.

/** The audiences whose resolutions are kept: anyone may read them. Share-link and visitor-auth sites always resolve live. */
const KEPT_VISIBILITIES = ['public', 'unlisted'];

export interface KeptResolution {
  site: string;
  spaces: string[];
  /** The site's generation, then each space's, in `spaces` order; absent: a hint (the ids only, see ResolutionCache). */
  generations?: string[];
  resolved?: sites.ResolvePublishedUrlResponse;
  /** When it was kept (ms since the epoch): a copy held in a process is used no longer than the shared entry lives. */
  keptAt?: number;
}

/** The key of a visitor URL's resolution (the URL as the reader asks sites about it); every visit asks it (textMemo). */
export const resolutionKey: (url: string) => string = textMemo((url) => `reader:resolution:v1:${createHash('sha256').update(url, 'utf8').digest('base64url')}`);

export function siteGenerationKey(siteId: string): string {
  return `reader:generation:v1:site:${siteId}`;
}

export function spaceGenerationKey(spaceId: string): string {
  return `reader:generation:v1:space:${spaceId}`;
}

/** The generation keys an entry depends on: its site's first, then its spaces'. */
export function generationKeysOf(ids: { site: string; spaces: string[] }): string[] {
  return [siteGenerationKey(ids.site), ...ids.spaces.map(spaceGenerationKey)];
}

/** A new generation: unique, so it never equals one an entry recorded (no counter to go backwards). */
export function newGeneration(): string {
  return randomUUID();
}

/** Whether sites' answer may be kept for every anonymous visitor: content of a public or unlisted site, with its version stamp. */
export function isKeepable(
  resolved: sites.ResolvePublishedUrlResponse,
): resolved is sites.ResolvePublishedUrlResponse & { content: sites.PublishedSiteContent } {
  const content = resolved.content;
  return (
    resolved.outcome === 'content' &&
    content !== undefined &&
    KEPT_VISIBILITIES.includes(content.visibility) &&
    content.siteVersion !== '' &&
    content.shareKey === '' &&
    content.spaceIds.length > 0
  );
}

/** Whether an entry's recorded generations are all current (`current`: as read, in generationKeysOf order). */
export function isCurrent(recorded: readonly string[] | undefined, current: readonly (string | null)[]): boolean {
  return recorded !== undefined && recorded.length === current.length && recorded.every((g, i) => g === current[i]);
}

export function serializeKeptResolution(entry: KeptResolution): string {
  return JSON.stringify(entry);
}

/** A stored entry, or null when it is not one (a broken entry is a miss). */
export function parseKeptResolution(text: string): KeptResolution | null {
  try {
    const value = JSON.parse(text) as KeptResolution;
    if (typeof value?.site !== 'string' || !Array.isArray(value.spaces) || !value.spaces.every((s) => typeof s === 'string')) return null;
    if (value.generations !== undefined && (!Array.isArray(value.generations) || value.generations.length !== value.spaces.length + 1)) return null;
    if (value.resolved !== undefined && !isKeepable(value.resolved)) return null;
    if (value.keptAt !== undefined && typeof value.keptAt !== 'number') return null;
    return value;
  } catch {
    return null;
  }
}
