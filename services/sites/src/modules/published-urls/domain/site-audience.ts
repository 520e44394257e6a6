import { accessStampOf } from '@quire/publishing';

// Who may see a published site (reference SiteVisibility) when its URL is resolved: `public` and
// `unlisted` sites anyone; a `share-link` site only with an active share key of it in the URL
// (`share_key`); a `visitor-auth` site only with a visitor JWT its signing key verifies. A refused
// visitor is sent to the site's fallbackURL when the caller asked for it (`redirectOnError`) and the
// site has one; otherwise the answer is the reference's only refusal, 404, as for a site that is not there.

// An admitted visitor's audience is named by its credential (the share key, the visitor-auth signing
// key's fingerprint, none on a public or unlisted site): a site API token carries its access stamp
// and lives no longer than the visitor JWT (`notAfter`).

export type AudienceCheck = { ok: true; shareKey?: string; credential: string; notAfter?: Date } | { ok: false; reason: string; fallbackUrl?: string };

/** The access stamps of every audience a published site has now (an unpublished site has none). */
export function currentAccessStamps(
  site: { id: string; visibility: string; published: boolean },
  credentials: { shareKeys: readonly string[]; keyFingerprint: string | null },
): string[] {
  if (!site.published) return [];
  const stamp = (credential: string) => accessStampOf({ site: site.id, visibility: site.visibility, credential });
  if (site.visibility === 'share-link') return credentials.shareKeys.map(stamp);
  if (site.visibility === 'visitor-auth') return credentials.keyFingerprint ? [stamp(credentials.keyFingerprint)] : [];
  return [stamp('')];
}
