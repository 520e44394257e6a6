import type { SqlExecutor } from '@quire/platform/sql';
import { isActiveShareKey } from '../store/share-links.store';
import type { Site } from '../model/site';

const SHARE_KEY_SHAPE = /^[A-Za-z0-9]{1,128}$/;

/**
 * The share key to put in a site's published URLs (the `shareKey` query of the list and published
 * endpoints): only for a `share-link` site, and only an active key of that site; null otherwise,
 * so a wrong, inactive or foreign key never appears in an answer.
 */
export async function resolveShareKey(db: SqlExecutor, site: Pick<Site, 'id' | 'visibility'>, shareKey: string | undefined): Promise<string | null> {
  // Keys are ids (base62): anything else from a URL (`?share_key=%00`, markup) is no key, never a query.
  if (!shareKey || !SHARE_KEY_SHAPE.test(shareKey) || site.visibility !== 'share-link') return null;
  return (await isActiveShareKey(db, site.id, shareKey)) ? shareKey : null;
}
