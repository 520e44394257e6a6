import { createHash } from 'node:crypto';
import type { Principal } from '@quire/access';
import { unauthorized } from '@quire/errors';
import { deriveSecret } from '@quire/platform/secrets';
import { MAX_TOKEN_LENGTH, SITE_API_TOKEN_SECRET_PURPOSE, verifyCompactSiteApiToken, verifySiteApiToken } from '@quire/publishing';
import type { SiteAccessCheck } from './site-access';

// The `apiToken` of a resolved published URL (PublishedSiteContent) as a bearer
// token: a JWT the sites service signs with a secret both derive from INTERNAL_SECRET. The gateway
// verifies it itself (no identity call: it names no user), checks that the audience it was issued
// for is still open (its access stamp, site-access.ts) and forwards a site reader (@quire/access
// site-reader.ts), which may only make the reads a renderer makes (site-token-routes.ts).

/** A compact JWS whose header is JSON (`eyJ` is `{"` in base64url); identity's tokens never look like this. */
const JWT_SHAPE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

export function looksLikeSiteToken(token: string): boolean {
  return token.length <= MAX_TOKEN_LENGTH && JWT_SHAPE.test(token);
}

export class SiteTokenVerifier {
  private readonly secret: string;

  constructor(
    internalSecret: string,
    private readonly access: SiteAccessCheck,
  ) {
    this.secret = deriveSecret(internalSecret, SITE_API_TOKEN_SECRET_PURPOSE);
  }

  /**
   * The site reader a valid token stands for; 401 for an expired, tampered, unsigned or malformed
   * one, and for one whose audience has closed since (the site unpublished or its visibility
   * changed, its share link deactivated or deleted, its visitor-auth key regenerated).
   */
  async verify(token: string): Promise<{ principal: Principal; tokenHash: string }> {
    const { organization, site, spaces } = await this.scopeOf(token);
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const scope = { organizationId: organization, siteId: site, spaceIds: spaces };
    return { principal: { userId: '', tokenId: `site-token:${tokenHash.slice(0, 32)}`, site: scope }, tokenHash: `site-token:${tokenHash}` };
  }

  /** The full token lists its spaces; the compact one (REST's, compact-site-api-token.ts) reads what its site publishes now. */
  private async scopeOf(token: string): Promise<{ organization: string; site: string; spaces: string[] }> {
    const full = await verifySiteApiToken(token, this.secret);
    if (full.ok) {
      if (!(await this.access.isCurrent(full.claims))) throw accessChanged();
      return full.claims;
    }
    const compact = full.reason === 'wrong-kind' ? await verifyCompactSiteApiToken(token, this.secret) : full;
    if (!compact.ok) throw unauthorized(`Invalid site API token (${compact.reason})`);
    const { isCurrent, spaceIds } = await this.access.check(compact.claims);
    if (!isCurrent) throw accessChanged();
    return { organization: compact.claims.organization, site: compact.claims.site, spaces: spaceIds };
  }
}

function accessChanged(): Error {
  return unauthorized("Site API token no longer valid: the site's access changed since it was issued; resolve the URL again");
}
