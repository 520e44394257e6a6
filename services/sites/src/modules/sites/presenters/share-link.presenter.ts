import type { UrlBuilder } from '@quire/urls';
import type { ShareLink } from '../model/share-link';
import type { Site } from '../model/site';
import { siteAddress, withShareKey } from './site.presenter';

/**
 * Reference schema ShareLink. `urls.published` is the site's address carrying the key, given
 * whether or not the site is published yet, so the link can be handed out in advance.
 */
export function presentShareLink(link: ShareLink, site: Pick<Site, 'id' | 'organizationId' | 'basename' | 'hostname' | 'proxyUrl'>, urls: UrlBuilder) {
  return {
    object: 'share-link' as const,
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    ...(link.name !== null ? { name: link.name } : {}),
    active: link.active,
    urls: { published: withShareKey(`${siteAddress(site, urls)}/`, link.shareKey) },
  };
}
