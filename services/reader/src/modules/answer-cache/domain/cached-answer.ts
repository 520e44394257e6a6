import { createHash } from 'node:crypto';
import type { sites } from '@quire/proto';
import type { EncodedBody } from './encoded-body';

// A rendered answer as the shared cache keeps it, and the key it is kept under.

/** The answers kept: a page's HTML, its markdown, and the site files built from every page. Not the search page, `robots.txt`, files, 404s. */
export type CachedKind = 'page' | 'markdown' | 'llms' | 'llms-full' | 'sitemap';

export const CACHED_KINDS: readonly string[] = ['page', 'markdown', 'llms', 'llms-full', 'sitemap'] satisfies CachedKind[];

/** What a cached answer was rendered for: the fields of sites' resolution that a rendering reads. */
export type ResolvedAddress = Pick<
  sites.PublishedSiteContent,
  'site' | 'siteVersion' | 'siteSection' | 'siteSpace' | 'space' | 'revision' | 'pathname' | 'basePath' | 'siteBasePath' | 'canonicalUrl' | 'visibility'
>;

/**
 * The key of an answer of `kind` at a resolved address, or null without a `siteVersion` (a sites
 * that stamps nothing: nothing is cached). Every input of the rendering is in it — the site's
 * version stamp (site, customization, structure, published revisions), the site space, the path and
 * the address form (the built-in path or a hostname's) — so a change is a new key: nothing stale
 * is ever read, and old entries simply expire. The credentials (share key, apiToken) are not:
 * sites decided the audience before the cache is read.
 */
export function answerCacheKey(address: ResolvedAddress, kind: CachedKind): string | null {
  // A kept resolution is one object for all its visitors (never changed once parsed): its keys are worked out once.
  let keys = keysOfAddress.get(address);
  if (!keys) keysOfAddress.set(address, (keys = new Map()));
  let key = keys.get(kind);
  if (key === undefined) keys.set(kind, (key = computeAnswerCacheKey(address, kind)));
  return key;
}

const keysOfAddress = new WeakMap<ResolvedAddress, Map<CachedKind, string | null>>();

function computeAnswerCacheKey(address: ResolvedAddress, kind: CachedKind): string | null {
  if (!address.siteVersion) return null;
  const inputs = [
    kind,
    address.siteVersion,
    address.siteSection,
    address.siteSpace,
    address.space,
    address.revision,
    address.pathname,
    address.basePath,
    address.siteBasePath,
    address.canonicalUrl,
    address.visibility,
  ];
  const digest = createHash('sha256').update(JSON.stringify(inputs), 'utf8').digest('base64url');
  return `${siteAnswersPrefix(address.site)}${digest}`;
}

/** What every key of a site's answers starts with: a site's entries are dropped together (consumers/site-events). */
export function siteAnswersPrefix(siteId: string): string {
  return `reader:answer:v1:${siteId}:`;
}

export interface CachedAnswer {
  contentType: string;
  /** An HTML page's one stylesheet (its CSP hashes it); none for text. */
  stylesheet?: string;
  restricted: boolean;
  noindex: boolean;
  /** When it was rendered (ms): its Last-Modified. */
  renderedAt: number;
  /** What insights counts of it, joined with the visitor's resolution on every hit. */
  visit?: { kind: string; revision: string; page: string; feedbackForm?: boolean };
  body: EncodedBody;
}

interface StoredAnswer extends Omit<CachedAnswer, 'body'> {
  v: 1;
  body: { hash: string; identity?: string; gzip?: string; br?: string };
}

export function serializeCachedAnswer(answer: CachedAnswer): string {
  const b64 = (bytes: Buffer | undefined) => bytes?.toString('base64');
  const stored: StoredAnswer = {
    v: 1,
    ...answer,
    body: { hash: answer.body.hash, identity: b64(answer.body.identity), gzip: b64(answer.body.gzip), br: b64(answer.body.br) },
  };
  return JSON.stringify(stored);
}

/** A stored entry back; null for anything that is not one of ours (another version, a broken value). */
export function parseCachedAnswer(text: string): CachedAnswer | null {
  let stored: StoredAnswer;
  try {
    stored = JSON.parse(text) as StoredAnswer;
  } catch {
    return null;
  }
  if (stored?.v !== 1 || typeof stored.contentType !== 'string' || typeof stored.body?.hash !== 'string') return null;
  const { identity, gzip, br } = stored.body;
  if (identity === undefined && (gzip === undefined || br === undefined)) return null;
  const bytes = (b64: string | undefined) => (b64 === undefined ? undefined : Buffer.from(b64, 'base64'));
  const { v: _v, body, ...rest } = stored;
  return {
    ...rest,
    body: {
      hash: body.hash,
      ...(identity !== undefined ? { identity: bytes(identity) } : {}),
      ...(gzip !== undefined ? { gzip: bytes(gzip) } : {}),
      ...(br !== undefined ? { br: bytes(br) } : {}),
    },
  };
}
