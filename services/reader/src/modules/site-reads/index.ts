// The site reads' face: what every page, sitemap, llms.txt and MCP answer of a site reads (its
// profile and its spaces' page trees, kept by site version) and how they are read, below the pages
// and machine-readable modules alike.
export { pageMarkOf, PageTree, type IconLookup, type PageEntry } from './domain/page-tree';
export { pageIconOf } from './application/page-icons';
export { canonicalUrlOf, readSiteProfile, sitePathOf, visitorPathOf, type SiteProfile } from './domain/site-structure';
export { readSiteProfileJson, readSpacePages, type SiteReadsDeps } from './application/site-reads';
