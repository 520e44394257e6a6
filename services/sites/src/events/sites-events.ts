// Facts the sites service announces on the bus (documented in proto/TOPICS.md).
export const SITES_TOPIC = 'sites.events';

// Append-only: both sites engineers add their event types here.
export const SiteEvent = {
  siteCreated: 'site.created',
  siteUpdated: 'site.updated',
  siteDeleted: 'site.deleted',
  sitePublished: 'site.published',
  siteUnpublished: 'site.unpublished',
  shareLinkCreated: 'share-link.created',
  shareLinkUpdated: 'share-link.updated',
  shareLinkDeleted: 'share-link.deleted',
  // Structure (sections, section groups, site spaces): keyed by the site like every site event.
  siteSectionCreated: 'site-section.created',
  siteSectionUpdated: 'site-section.updated',
  siteSectionDeleted: 'site-section.deleted',
  siteSectionMoved: 'site-section.moved',
  siteSectionGroupCreated: 'site-section-group.created',
  siteSectionGroupUpdated: 'site-section-group.updated',
  siteSectionGroupDeleted: 'site-section-group.deleted',
  siteSectionGroupMoved: 'site-section-group.moved',
  siteSpaceCreated: 'site-space.created',
  siteSpaceUpdated: 'site-space.updated',
  siteSpaceDeleted: 'site-space.deleted',
  siteSpaceMoved: 'site-space.moved',
} as const;

export type SiteEventType = (typeof SiteEvent)[keyof typeof SiteEvent];

/** An event about one site, keyed by its id so that the site's events stay in order. */
export const siteEvent = <D extends { organizationId: string; siteId: string }>(type: SiteEventType, data: D) => ({
  topic: SITES_TOPIC,
  key: data.siteId,
  type,
  data,
});
