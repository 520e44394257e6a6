import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { sites } from '@quire/proto';
import { publishedRoutes, type PublishedRoutesDeps } from '../src/modules/pages';

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

/** The reader's published routes over `deps` (fakes of its clients), listening on a free loopback port. */
export async function listenPublishedRoutes(deps: object): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use(publishedRoutes(deps as unknown as PublishedRoutesDeps));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
