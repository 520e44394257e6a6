import type { ContentPublishedClient, SitesClient } from '@quire/platform/grpc';
import type { Logger } from '@quire/platform/logger';

/** What the reader's use cases use: sites and content over gRPC, nothing stored. */
export interface ReaderDeps {
  sites: () => SitesClient;
  contentPublished: () => ContentPublishedClient;
  logger: Logger;
}
