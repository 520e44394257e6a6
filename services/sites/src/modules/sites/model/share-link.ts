// A share link as the store reads it.

/** A share link of a site (table `site_share_links`): its key lets visitors into a `share-link` site. */
export interface ShareLink {
  id: string;
  siteId: string;
  name: string | null;
  shareKey: string;
  active: boolean;
  createdAt: Date;
}
