// A site's visitor authentication (table `site_publishing_auth`, reference SitePublishingAuth).
// The signing key is only ever held sealed here; application opens it for an answer or a check.

export type VisitorAuthBackend = 'custom';

export interface PublishingAuthRecord {
  siteId: string;
  backend: VisitorAuthBackend;
  privateKeySealed: string;
  fallbackUrl: string | null;
  logoutUrl: string | null;
  updatedAt: Date;
}

/** What updateSitePublishingAuthById may change: undefined leaves a URL as it is, null unsets it. */
export interface PublishingAuthChanges {
  backend: VisitorAuthBackend;
  fallbackUrl?: string | null;
  logoutUrl?: string | null;
}

/** What every answer of the three operations carries: the record and its key, opened. */
export interface PublishingAuthAnswer {
  backend: 'custom';
  privateKey: string;
  fallbackUrl: string | null;
  logoutUrl: string | null;
}
