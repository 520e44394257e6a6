import { content, identity, insights, reader, sites, specs, webhooks } from '@quire/proto';
import type { ServiceName } from '../topology';
import { createGrpcClient, type AsyncClient } from './client';

export type IdentityClient = AsyncClient<identity.IdentityClient>;
export type IdentityAdminClient = AsyncClient<identity.IdentityAdminClient>;
export type ContentClient = AsyncClient<content.ContentClient>;
export type SitesClient = AsyncClient<sites.SitesClient>;
export type ContentPagesClient = AsyncClient<content.ContentPagesClient>;
export type ContentPublishedClient = AsyncClient<content.ContentPublishedClient>;
export type InsightsClient = AsyncClient<insights.InsightsClient>;
export type SpecsClient = AsyncClient<specs.SpecsClient>;

const READS = [
  'check',
  'authenticate',
  'getMembership',
  'getUsers',
  'getOrganizations',
  'getSpaces',
  'checkSpaceAccess',
  'getSite',
  'getSiteLevel',
  'resolvePublishedUrl',
  'verifyVisitorToken',
  'getPublishedSite',
  'searchPublishedContent',
];
// Content's page reads for sites' redirects (service ContentPages).
const PAGE_READS = ['findPageByPath', 'getPagePaths', 'listPagePathChanges'];
// Content's published reads for the reader (service ContentPublished).
const PUBLISHED_READS = [
  'getPublishedPages',
  'getPublishedPageDocument',
  'getPublishedPageMarkdown',
  'getPublishedPagesMarkdown',
  'getPublishedFileUrl',
  'getPublishedFileContent',
  'getPublishedPagePaths',
];
// Specs' published reads for the reader (service Specs).
const SPEC_READS = ['check', 'getPublishedOperations'];

/**
 * Lazily connected clients for the other services. Addresses are read at first use, so the
 * embedded launcher can fill them in after binding every server to an ephemeral port.
 */
export class ServiceClients {
  private readonly cache = new Map<string, { close(): void }>();

  constructor(
    private readonly addresses: Record<ServiceName, string>,
    private readonly deadlineMs: number,
  ) {}

  identity(): IdentityClient {
    return this.get('identity', () =>
      createGrpcClient(identity.IdentityClient, this.addresses.identity, 'identity', { deadlineMs: this.deadlineMs, retryable: READS }),
    );
  }

  content(): ContentClient {
    return this.get('content', () =>
      createGrpcClient(content.ContentClient, this.addresses.content, 'content', { deadlineMs: this.deadlineMs, retryable: READS }),
    );
  }

  contentPages(): ContentPagesClient {
    return this.get('content-pages', () =>
      createGrpcClient(content.ContentPagesClient, this.addresses.content, 'content', { deadlineMs: this.deadlineMs, retryable: PAGE_READS }),
    );
  }

  contentPublished(): ContentPublishedClient {
    return this.get('content-published', () =>
      createGrpcClient(content.ContentPublishedClient, this.addresses.content, 'content', { deadlineMs: this.deadlineMs, retryable: PUBLISHED_READS }),
    );
  }

  sites(): SitesClient {
    return this.get('sites', () => createGrpcClient(sites.SitesClient, this.addresses.sites, 'sites', { deadlineMs: this.deadlineMs, retryable: READS }));
  }

  /** Specs' operations of published OpenAPI blocks, for the reader. */
  specs(): SpecsClient {
    return this.get('specs', () => createGrpcClient(specs.SpecsClient, this.addresses.specs, 'specs', { deadlineMs: this.deadlineMs, retryable: SPEC_READS }));
  }

  /** Insights' events ingest for the reader. Not retried: a failed batch is the caller's to drop. */
  insights(): InsightsClient {
    return this.get('insights', () =>
      createGrpcClient(insights.InsightsClient, this.addresses.insights, 'insights', { deadlineMs: this.deadlineMs, retryable: ['check'] }),
    );
  }

  health(service: ServiceName): AsyncClient<{ check: identity.IdentityClient['check'] }> {
    const ctor = {
      identity: identity.IdentityClient,
      content: content.ContentClient,
      sites: sites.SitesClient,
      specs: specs.SpecsClient,
      insights: insights.InsightsClient,
      webhooks: webhooks.WebhooksClient,
      reader: reader.ReaderClient,
    }[service];
    return this.get(`health:${service}`, () =>
      createGrpcClient(ctor as typeof identity.IdentityClient, this.addresses[service], service, { deadlineMs: this.deadlineMs, retryable: READS }),
    );
  }

  close(): void {
    for (const c of this.cache.values()) c.close();
    this.cache.clear();
  }

  private get<T extends { close(): void }>(key: string, make: () => T): T {
    let client = this.cache.get(key) as T | undefined;
    if (!client) {
      client = make();
      this.cache.set(key, client);
    }
    return client;
  }
}
