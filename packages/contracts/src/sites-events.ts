import { z } from 'zod';
import { PERMISSION_UPDATED, permissionUpdated } from './permission-event';
import { defineTopic, type EventDataOf, type EventOf, type EventTypeOf } from './event-schema';
import { SITES_TOPIC } from './topics';

// sites.events: what sites announces. Keyed by the site id; every data carries organizationId and siteId.

export const SiteEvent = {
  siteCreated: 'site.created',
  siteUpdated: 'site.updated',
  siteDeleted: 'site.deleted',
  sitePublished: 'site.published',
  siteUnpublished: 'site.unpublished',
  shareLinkCreated: 'share-link.created',
  shareLinkUpdated: 'share-link.updated',
  shareLinkDeleted: 'share-link.deleted',
  siteSectionCreated: 'site-section.created',
  siteSectionUpdated: 'site-section.updated',
  siteSectionDeleted: 'site-section.deleted',
  siteSectionMoved: 'site-section.moved',
  siteSectionGroupCreated: 'site-section-group.created',
  siteSectionGroupUpdated: 'site-section-group.updated',
  siteSectionGroupDeleted: 'site-section-group.deleted',
  siteSectionGroupMoved: 'site-section-group.moved',
  siteExternalLinkCreated: 'site-external-link.created',
  siteExternalLinkUpdated: 'site-external-link.updated',
  siteExternalLinkDeleted: 'site-external-link.deleted',
  siteExternalLinkMoved: 'site-external-link.moved',
  siteSpaceCreated: 'site-space.created',
  siteSpaceUpdated: 'site-space.updated',
  siteSpaceDeleted: 'site-space.deleted',
  siteSpaceMoved: 'site-space.moved',
  sitePublishingAuthUpdated: 'site-publishing-auth.updated',
  siteCustomizationUpdated: 'site-customization.updated',
  siteRedirectsChanged: 'site.redirects_changed',
  sitePublishedSpaceRefreshed: 'site.published-space-refreshed',
  permissionUpdated: PERMISSION_UPDATED,
} as const;

const site = { organizationId: z.string(), siteId: z.string() };
const fields = z.array(z.string()).describe('names of the fields the PATCH changed');
const sectionGroup = z.string().nullable().describe('section group id, null outside groups');

export const sitesEvents = defineTopic(SITES_TOPIC, 'the site id', {
  [SiteEvent.permissionUpdated]: permissionUpdated.extend({ siteId: z.string() }),
  [SiteEvent.siteCreated]: z.object({
    ...site,
    title: z.string(),
    type: z.string(),
    visibility: z.string(),
    spaces: z.array(z.string()).describe("space ids; the site spaces' own events follow"),
    createdBy: z.string(),
  }),
  [SiteEvent.siteUpdated]: z.object({ ...site, fields, updatedBy: z.string() }),
  [SiteEvent.siteDeleted]: z.object({ ...site, deletedBy: z.string() }),
  [SiteEvent.sitePublished]: z.object({ ...site, by: z.string() }).describe('only when the state changes'),
  [SiteEvent.siteUnpublished]: z.object({ ...site, by: z.string() }).describe('only when the state changes'),
  [SiteEvent.shareLinkCreated]: z.object({ ...site, shareLinkId: z.string(), createdBy: z.string() }),
  [SiteEvent.shareLinkUpdated]: z.object({ ...site, shareLinkId: z.string(), active: z.boolean(), fields, updatedBy: z.string() }),
  [SiteEvent.shareLinkDeleted]: z.object({ ...site, shareLinkId: z.string(), deletedBy: z.string() }),
  [SiteEvent.siteSectionCreated]: z.object({
    ...site,
    sectionId: z.string(),
    title: z.string(),
    path: z.string(),
    siteSpaces: z.array(z.string()),
    fromRoot: z.literal(true).optional().describe("the site's first section, made of its top-level site spaces"),
  }),
  [SiteEvent.siteSectionUpdated]: z.object({ ...site, sectionId: z.string(), fields }),
  [SiteEvent.siteSectionDeleted]: z.object({
    ...site,
    sectionId: z.string(),
    sectionGroup,
    siteSpaces: z.array(z.string()).describe('deleted with it'),
    wasDefault: z.boolean(),
    promotedSection: z.string().nullable().describe('the section that became the default in its place'),
  }),
  [SiteEvent.siteSectionMoved]: z.object({
    ...site,
    sectionId: z.string(),
    sectionGroup,
    previousSectionGroup: sectionGroup.optional().describe('when it entered or left a group'),
  }),
  [SiteEvent.siteSectionGroupCreated]: z.object({ ...site, sectionGroupId: z.string(), title: z.string(), sections: z.array(z.string()) }),
  [SiteEvent.siteSectionGroupUpdated]: z.object({ ...site, sectionGroupId: z.string(), fields }),
  [SiteEvent.siteSectionGroupDeleted]: z.object({
    ...site,
    sectionGroupId: z.string(),
    sections: z.array(z.string()).describe('back at the top level'),
  }),
  [SiteEvent.siteSectionGroupMoved]: z.object({ ...site, sectionGroupId: z.string() }),
  [SiteEvent.siteExternalLinkCreated]: z.object({ ...site, externalLinkId: z.string(), title: z.string(), url: z.string(), sectionGroup }),
  [SiteEvent.siteExternalLinkUpdated]: z.object({ ...site, externalLinkId: z.string(), fields }),
  [SiteEvent.siteExternalLinkDeleted]: z.object({ ...site, externalLinkId: z.string(), sectionGroup }),
  [SiteEvent.siteExternalLinkMoved]: z.object({
    ...site,
    externalLinkId: z.string(),
    sectionGroup,
    previousSectionGroup: sectionGroup.optional().describe('when it entered or left a group'),
  }),
  [SiteEvent.siteSpaceCreated]: z.object({ ...site, siteSpaceId: z.string(), sectionId: z.string().nullable(), spaceId: z.string(), path: z.string() }),
  [SiteEvent.siteSpaceUpdated]: z.object({ ...site, siteSpaceId: z.string(), fields }),
  [SiteEvent.siteSpaceDeleted]: z.object({
    ...site,
    siteSpaceId: z.string(),
    sectionId: z.string().nullable(),
    spaceId: z.string(),
    wasDefault: z.boolean(),
  }),
  [SiteEvent.siteSpaceMoved]: z.object({ ...site, siteSpaceId: z.string(), sectionId: z.string().nullable() }),
  [SiteEvent.sitePublishingAuthUpdated]: z
    .object({
      ...site,
      fields: z
        .array(z.string())
        .describe(
          'what changed: backend, fallbackURL, logoutURL, privateKey (created or regenerated; never the key itself), oidc (the OpenID Connect sign-in set or removed)',
        ),
      keyRegenerated: z.boolean().describe('older visitor tokens no longer verify'),
      updatedBy: z.string(),
    })
    .describe('visitor-auth settings; the signing key is never in an event'),
  [SiteEvent.siteCustomizationUpdated]: z
    .object({ ...site, updatedBy: z.string(), siteSpaceId: z.string().optional() })
    .describe("the whole customization was replaced (PUT), or with siteSpaceId: that site space's overrides were changed or removed"),
  [SiteEvent.sitePublishedSpaceRefreshed]: z
    .object({
      ...site,
      spaceId: z.string(),
      live: z.boolean().describe('false: content no longer has the space (deleted, purged)'),
      revision: z.string().describe("the space's current revision; empty when not live"),
    })
    .describe(
      "sites' projection of a space this site shows was rewritten after a content event (sites.md, Published URLs); it is what resolution now answers. Internal: no webhook",
    ),
  [SiteEvent.siteRedirectsChanged]: z
    .object({
      ...site,
      changes: z.array(
        z.object({
          status: z.enum(['created', 'updated', 'deleted', 'published']),
          redirectId: z.string(),
          source: z.string(),
          draft: z.boolean().describe('false for a published draft (the live redirect it became)'),
        }),
      ),
      by: z.string().describe('the user who made the call; empty for automatic redirects'),
    })
    .describe(
      "one event per call: a single create/update/delete, or a whole bulk upsert; or the automatic redirects one site changed for a revision's moved pages",
    ),
});

export type SiteEventType = EventTypeOf<typeof sitesEvents>;
export type SiteEventData<K extends SiteEventType> = EventDataOf<typeof sitesEvents, K>;
export type SiteEventEnvelope = EventOf<typeof sitesEvents>;
