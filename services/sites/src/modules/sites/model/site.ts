// A site as the store reads it: the shape store, domain, application and presenters share.

/** A site (table `sites`). `adaptiveSchema` is the stored JSON Schema, null until one is put. */
export interface Site {
  id: string;
  organizationId: string;
  type: string;
  title: string;
  visibility: string;
  published: boolean;
  hostname: string | null;
  basename: string | null;
  proxyUrl: string | null;
  adaptiveContentEnabled: boolean;
  adaptiveSchema: unknown;
  adaptiveSchemaUpdatedAt: Date | null;
  agentsContext: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A site with the number of its site spaces that visitors can see (deleted spaces are hidden). */
export interface SiteWithCounts extends Site {
  siteSpaces: number;
}
