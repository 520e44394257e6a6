// The sites module's face: what the service's wiring (service.ts) mounts and starts. Sites, their
// structure (sections, section groups, site spaces), share links, adaptive schema and published
// profile are one module: they share the site row, its policy and its published address.
export { subscribeToContentEvents } from './consumers/content-events.consumer';
export { subscribeToOrganizationsCreated } from './consumers/default-site.consumer';
export { sitesGrpc, type ReaderGrpc } from './grpc/sites.grpc';
export type { SitesHttpDeps } from './http/deps';
export { externalLinksRoutes } from './http/external-links/external-links.routes';
export { sectionGroupsRoutes } from './http/section-groups/section-groups.routes';
export { sectionsRoutes } from './http/sections/sections.routes';
export { shareLinksRoutes } from './http/share-links/share-links.routes';
export { siteSpacesRoutes } from './http/site-spaces/site-spaces.routes';
export { siteStructureRoutes } from './http/site-structure/site-structure.routes';
export { sitePermissionsRoutes } from './http/site-permissions/site-permissions.routes';
export { sitesRoutes } from './http/sites/sites.routes';
// For the publishing-auth and redirects modules: the site's policy, its access generation, its address, and where its sections and site spaces live.
export { authorizeSite } from './policies/site.policy';
export { renewSiteAccess, type SiteAccessDeps } from './application/renew-site-access';
export { publishedUrl, siteAddress } from './presenters/site.presenter';
export { locateSection, locateSiteSpace, locateSpaceInSite, placeSiteSpace, locateSpaceOnSites, type SpacePlacement } from './application/locate-in-site';
// For site search: every site space with its place in the site's address.
export { loadSiteSpacePlaces, type SiteSpacePlace } from './application/load-site-space-places';
export type { Site } from './model/site';
export { siteParams } from './http/params.schema';
// For the published-urls module: the published site at a URL's address, its structure, its share keys and its spaces.
export { findPublishedSite, siteCandidateOf } from './application/find-published-site';
export { loadPublishedStructure } from './application/load-published-structure';
export { spaceIdsOfStructure, type PublishedStructureView } from './domain/published-profile';
export { resolveShareKey } from './application/resolve-share-key';
export { readSiteAudiences } from './application/read-site-audiences';
export { fetchSpaces } from './domain/space-embedder';
export { loadPublishedSpaces } from './application/published-spaces';
export { getSiteCustomization } from './application/get-site-customization';
export type { SitesReadDeps } from './application/deps';
