import { verifySiteVisitorToken } from '../../publishing-auth';
import { resolveShareKey, type Site } from '../../sites';
import type { AudienceCheck } from '../domain/site-audience';
import type { PublishedUrlDeps } from './deps';

/** The site's audience rule (domain/site-audience.ts) for this visitor: an active share key, or a verified visitor token. */
export async function checkSiteAudience(
  deps: PublishedUrlDeps,
  site: Pick<Site, 'id' | 'visibility'>,
  visitor: { shareKey?: string; visitorToken?: string },
): Promise<AudienceCheck> {
  if (site.visibility === 'share-link') {
    const shareKey = await resolveShareKey(deps.db, site, visitor.shareKey);
    return shareKey ? { ok: true, shareKey, credential: shareKey } : { ok: false, reason: visitor.shareKey ? 'inactive share key' : 'missing share key' };
  }
  if (site.visibility === 'visitor-auth') {
    const check = await verifySiteVisitorToken(deps, site.id, visitor.visitorToken);
    return check.ok
      ? { ok: true, credential: check.keyFingerprint ?? '', notAfter: check.visitor.expiresAt }
      : { ok: false, reason: check.reason, ...(check.fallbackUrl ? { fallbackUrl: check.fallbackUrl } : {}) };
  }
  return { ok: true, credential: '' };
}
