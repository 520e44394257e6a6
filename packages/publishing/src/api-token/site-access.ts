import { createHash, randomUUID } from 'node:crypto';

// A site's access stamps: what a site API token must still match to be used. Sites issues a token
// with the stamp of the audience that opened it (`as`), and answers the stamps every audience of
// the site has now (none when unpublished; one for a public or unlisted site; one per active share
// link; one for the current visitor-auth signing key). The gateway keeps those in the shared cache
// beside a generation that sites renews after every change that can close an audience, so a change
// is seen by the very next request on every copy, and an entry read before a change never outlives it.

/** A stamp: 11 base64url characters (66 bits) of a hash over the site, its visibility and the credential. */
const STAMP_LENGTH = 11;

/**
 * The stamp of one audience of a published site. `credential`: the share key for a share-link
 * site, the signing key's fingerprint for a visitor-auth site, empty for a public or unlisted one.
 */
export function accessStampOf(access: { site: string; visibility: string; credential: string }): string {
  return createHash('sha256')
    .update(`site-access:v1\n${access.site}\n${access.visibility}\n${access.credential}`, 'utf8')
    .digest('base64url')
    .slice(0, STAMP_LENGTH);
}

/** How long a site's stamps are kept in the shared cache at most (a generation renewed by a change ends them sooner). */
export const SITE_ACCESS_TTL_SECONDS = 60;
/** How long a generation lives after its last renewal: far longer than any entry. */
export const SITE_ACCESS_GENERATION_TTL_SECONDS = 7 * 86400;

export function siteAccessKey(siteId: string): string {
  return `site-access:v1:stamps:${siteId}`;
}

export function siteAccessGenerationKey(siteId: string): string {
  return `site-access:v1:generation:${siteId}`;
}

/** A new generation: unique, so it never equals one an entry recorded. */
export function newSiteAccessGeneration(): string {
  return randomUUID();
}

/** The stamps of a site as kept, with the generation read before sites was asked for them. */
export interface KeptSiteAccess {
  generation: string;
  stamps: string[];
  /** The spaces the site publishes (GetSiteAccess `space_ids`). */
  spaceIds: string[];
}

/** A kept entry, or null when it is not one (a broken entry is a miss). */
export function parseKeptSiteAccess(text: string | null): KeptSiteAccess | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<KeptSiteAccess>;
    if (typeof value?.generation !== 'string' || !isStringList(value.stamps) || !isStringList(value.spaceIds)) return null;
    return { generation: value.generation, stamps: value.stamps, spaceIds: value.spaceIds };
  } catch {
    return null;
  }
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((s) => typeof s === 'string');
}
