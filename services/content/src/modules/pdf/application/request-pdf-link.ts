import { badRequest } from '@quire/errors';
import type { Cache } from '@quire/platform/cache';
import { signUrlPath } from '@quire/platform/http';
import { authorizeChangeRequest } from '../../change-requests';
import { loadRevision } from '../../revisions';
import type { Caller, ContentAppDeps } from '../../shared';

/** The reference: "Temporary URL to print the content. The URL will work for 1h." */
const PDF_URL_TTL_SECONDS = 3600;

/**
 * The signed path (no bearer token, valid one hour) that prints the change request's current
 * revision — whole, a page with its subpages, or one page only (`only`). It names that immutable
 * revision, so it prints the same pages however the change request moves on.
 */
export async function requestPdfLink(
  deps: ContentAppDeps & { cache: Cache; internalSecret: string },
  caller: Caller,
  input: { spaceId: string; changeRequestId: string; page?: string; only: boolean },
): Promise<string> {
  const { db, cache, membership } = deps;
  const { space, changeRequest } = await authorizeChangeRequest(db, membership, input.spaceId, input.changeRequestId, caller.userId, 'read');
  if (input.only && !input.page) throw badRequest('"page": give the page to print with only=true');
  if (input.page) {
    const loaded = await loadRevision(db, cache, space.id, changeRequest.revisionId);
    if (!loaded.index.page(input.page)) throw badRequest(`"page": page ${input.page} is not in change request #${changeRequest.number}`);
  }
  const scope = input.page ? `${input.only ? 'only' : 'page'}-${input.page}` : 'all';
  return signUrlPath(`/v1/pdf-exports/${space.id}/${changeRequest.revisionId}/${scope}`, deps.internalSecret, PDF_URL_TTL_SECONDS);
}
