// A site's stored customization (table `site_customizations`): the validated input of its last
// updateSiteCustomizationById; defaults are laid over it when it is read.

export interface StoredSiteCustomization {
  siteId: string;
  settings: Record<string, unknown>;
  updatedAt: Date;
}

/** A site space's overrides of its site's customization (table `site_space_customizations`). */
export interface StoredSiteSpaceCustomization {
  siteSpaceId: string;
  settings: Record<string, unknown>;
  updatedAt: Date;
}
