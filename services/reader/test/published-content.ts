import type { sites } from '@quire/proto';

/**
 * A resolved public address (site `s`, site space `ss`, space `sp`) as sites' ResolvePublishedUrl
 * answers it to the reader's tests; each test overrides what it looks at. No `siteVersion`: an
 * answer without a stamp is never cached, unless a test gives one.
 */
export function publishedContent(overrides: Partial<sites.PublishedSiteContent> = {}): sites.PublishedSiteContent {
  return {
    organization: 'o',
    site: 's',
    siteSection: '',
    siteSpace: 'ss',
    space: 'sp',
    revision: 'r',
    pathname: '',
    basePath: '/sites/o/d/',
    siteBasePath: '/sites/o/d/',
    canonicalUrl: 'http://localhost:8080/sites/o/d/',
    shareKey: '',
    complete: true,
    apiToken: 't',
    visibility: 'public',
    siteVersion: '',
    spaceIds: [],
    ...overrides,
  };
}
