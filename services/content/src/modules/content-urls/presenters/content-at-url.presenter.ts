import type { UrlBuilder } from '@quire/urls';
import { presentCollection } from '../../collections';
import { presentSpace } from '../../spaces';
import type { ContentAtUrl } from '../model/content-at-url';

/**
 * Reference getContentByUrl's answer: `{collection}`, or `{space, changeRequest?, page?}`; the
 * change request as its own read presents it (given), the page as getPageByPath answers it.
 */
export function presentContentAtUrl(found: ContentAtUrl, urls: UrlBuilder, changeRequest?: unknown) {
  if (found.kind === 'collection') return { collection: presentCollection(found.collection, found.level, urls) };
  return {
    space: presentSpace(found.space, found.level, urls),
    ...(changeRequest !== undefined ? { changeRequest } : {}),
    ...(found.page !== undefined ? { page: JSON.parse(found.page) as unknown } : {}),
  };
}

/** Reference Embed, a link. */
export function presentLinkEmbed(embed: { title: string; site: string }) {
  return { type: 'link' as const, title: embed.title, site: embed.site };
}
