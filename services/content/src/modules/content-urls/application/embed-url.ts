import { ApiError } from '@quire/errors';
import type { Caller, ContentDeps } from '../../revisions';
import type { PagePresenter } from '../../space-content';
import { resolveContentUrl } from './resolve-content-url';

/** What getEmbedByUrl answers of a URL: a link (reference Embed, type `link`). */
export interface LinkEmbed {
  title: string;
  site: string;
}

/**
 * getEmbedByUrl: Quire renders no third-party embed (that would fetch any URL a caller names, oEmbed
 * or HTML, from the server), so every URL is a link: titled by the content it names when that is
 * Quire's and the caller may read it (getContentByUrl's rule), else by the URL itself; `site` is its
 * host.
 */
export async function embedUrl(deps: ContentDeps, caller: Caller, rawUrl: string, present: PagePresenter): Promise<LinkEmbed> {
  const found = await resolveContentUrl(deps, caller, rawUrl, present).catch((err: unknown) => {
    if (err instanceof ApiError && (err.code === 404 || err.code === 403)) return null;
    throw err;
  });
  const site = new URL(rawUrl).hostname;
  if (!found) return { title: rawUrl, site };
  if (found.kind === 'collection') return { title: found.collection.title, site };
  const pageTitle = found.page ? (JSON.parse(found.page) as { title?: unknown }).title : undefined;
  return { title: typeof pageTitle === 'string' ? pageTitle : found.space.title, site };
}
