import type { UrlBuilder } from '@quire/common';
import type { ShareLinkRow } from '../store/share-links.store';
import type { SiteRow } from '../store/sites.store';
import { siteAddress, withShareKey } from './site.presenter';

/**
 * Reference schema ShareLink. `urls.published` is the site's address carrying the key, given
 * whether or not the site is published yet, so the link can be handed out in advance.
 */
export function presentShareLink(link: ShareLinkRow, site: Pick<SiteRow, 'id' | 'organization_id' | 'basename' | 'hostname' | 'proxy_url'>, urls: UrlBuilder) {
  return {
    object: 'share-link' as const,
    id: link.id,
    createdAt: link.created_at.toISOString(),
    ...(link.name !== null ? { name: link.name } : {}),
    active: link.active,
    urls: { published: withShareKey(`${siteAddress(site, urls)}/`, link.share_key) },
  };
}
