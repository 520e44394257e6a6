import type { SqlExecutor } from '@quire/platform/sql';
import { verifyVisitorToken, type VisitorTokenCheck } from '@quire/publishing';
import { openSigningKey, signingKeyFingerprint } from '../domain/signing-key';
import { findPublishingAuth } from '../store/publishing-auth.store';

/**
 * A visitor's token checked against the site's current signing key (for the URL resolver and the
 * reader), with that key's fingerprint (a site API token's access stamp names it). A site that
 * never had a key refuses every token (`bad-signature`). Never throws on a token.
 */
export async function verifySiteVisitorToken(
  deps: { db: SqlExecutor; serviceSecret: string; clock: () => Date },
  siteId: string,
  token: unknown,
): Promise<VisitorTokenCheck & { fallbackUrl: string | null; keyFingerprint?: string }> {
  const record = await findPublishingAuth(deps.db, siteId);
  if (!record) return { ok: false, reason: 'bad-signature', fallbackUrl: null };
  const check = await verifyVisitorToken(token, openSigningKey(deps.serviceSecret, record.privateKeySealed), deps.clock());
  return { ...check, fallbackUrl: record.fallbackUrl, keyFingerprint: signingKeyFingerprint(record.privateKeySealed) };
}

/** The fingerprint of the site's current signing key; null for a site that never had one. */
export async function currentSigningKeyFingerprint(db: SqlExecutor, siteId: string): Promise<string | null> {
  const record = await findPublishingAuth(db, siteId);
  return record ? signingKeyFingerprint(record.privateKeySealed) : null;
}
