import { sealEndpoint } from '../domain/endpoint-credentials';
import { replaceUrlWithSealed, webhooksWithCredentialsInUrl } from '../store/webhooks.store';
import type { WebhookDeps } from './deps';

/**
 * Seals the credentials of URLs stored before migration 002 (SQL cannot: the key derives from
 * INTERNAL_SECRET). Run at every start; copies running it together write the same thing.
 */
export async function sealStoredCredentials(deps: Pick<WebhookDeps, 'db' | 'serviceSecret'>): Promise<number> {
  const done = new Set<string>();
  for (;;) {
    const rows = (await webhooksWithCredentialsInUrl(deps.db, 100)).filter((row) => !done.has(row.id));
    if (rows.length === 0) return done.size;
    for (const row of rows) {
      const endpoint = sealEndpoint(deps.serviceSecret, row.url);
      // An empty userinfo (`https://@host/`) has nothing to seal: the URL is only written without it.
      const url = endpoint.credentialsSealed === null ? new URL(row.url).toString() : endpoint.url;
      await replaceUrlWithSealed(deps.db, row.id, row.url, url, endpoint.credentialsSealed);
      done.add(row.id);
    }
  }
}
