import type { OutboundFetcher } from '@quire/platform/outbound';
import type { ServiceContext } from '@quire/platform/runtime';
import type { PublishingAuthDeps } from './deps';

/** What OIDC sign-in use cases take besides visitor auth's: the one outbound door (discovery) and PUBLIC_URL (the redirect URI). */
export interface SiteOidcDeps extends PublishingAuthDeps {
  outbound: OutboundFetcher;
  urls: ServiceContext['urls'];
}
