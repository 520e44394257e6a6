import type { ContentPublishedClient, SitesClient, SpecsClient } from '@quire/platform/grpc';
import type { Logger } from '@quire/platform/logger';
import type { AnswerCache } from '../../answer-cache';
import type { KeptReads } from '../../kept-reads';
import type { SignInDeps } from '../../oidc-sign-in';
import type { ResolutionCache } from '../../resolution-cache';

/** What the reader's use cases use: sites and content over gRPC, nothing stored. */
export interface ReaderDeps {
  sites: () => SitesClient;
  contentPublished: () => ContentPublishedClient;
  /** Specs' answers for OpenAPI blocks (operations, webhooks, schemas, swagger operations); absent: those blocks say "not available" (a swagger block shows its spec's address). */
  specs?: () => SpecsClient;
  logger: Logger;
  /** Rendered answers kept per site version (docs/reader.md, Fast and fresh); absent: every answer is rendered. */
  answers?: AnswerCache;
  /** Sites' answers for anonymous visitors of public sites (docs/reader.md, Fast and fresh); absent: every request resolves through sites. */
  resolutions?: ResolutionCache;
  /** Sites' and content's answers kept by site version (docs/reader.md, Fast and fresh); absent: every read asks them. */
  reads?: KeptReads;
  /** OpenID Connect sign-in of visitor-auth sites (docs/sites.md); absent: refused readers get the fallbackURL or the sign-in page. */
  signIn?: SignInDeps;
}
