import { siteReaderScope } from '@quire/access';
import { forbidden, notFound, revisionNotFound } from '@quire/errors';
import { findChangeRequest } from '../../change-requests';
import { authorizeSpaceAccess, type Space } from '../../spaces';
import { type Caller, type ContentDeps, type LoadedRevision, loadRevision } from '../../revisions';

/** What a content path names: a space, and a revision or a change request in it (or neither: main). */
export interface ContentPath {
  spaceId: string;
  revisionId?: string;
  changeRequestId?: string;
}

/** The space (checked for `read`) and the id of the revision its path names. */
export async function readableRevisionId(deps: ContentDeps, caller: Caller, path: ContentPath): Promise<{ space: Space; revisionId: string }> {
  const { space } = await authorizeSpaceAccess(deps.db, deps.membership, path.spaceId, caller.userId, 'read');
  return { space, revisionId: await revisionIdOf(deps, caller, path, space) };
}

/** The space (checked for `read`) and the revision its path names, loaded: a revision by id, a change request's, or main's current one. */
export async function readContentRevision(deps: ContentDeps, caller: Caller, path: ContentPath): Promise<{ space: Space; loaded: LoadedRevision }> {
  const { space, revisionId } = await readableRevisionId(deps, caller, path);
  return { space, loaded: await loadRevision(deps.db, deps.cache, space.id, revisionId) };
}

async function revisionIdOf(deps: ContentDeps, caller: Caller, path: ContentPath, space: { id: string; revisionId: string }): Promise<string> {
  const siteReader = siteReaderScope(caller.userId) !== null;
  if (path.revisionId) {
    // A site reader reads what its site publishes: the space's current revision, never an older
    // (or unmerged) one. Any other is as unknown to it as a revision that does not exist.
    if (siteReader && path.revisionId !== space.revisionId) throw revisionNotFound(path.revisionId);
    return path.revisionId;
  }
  if (!path.changeRequestId) return space.revisionId;
  if (siteReader) throw forbidden('A site API token may not read change requests');
  const changeRequest = await findChangeRequest(deps.db, space.id, path.changeRequestId);
  if (!changeRequest) throw notFound(`Change request ${path.changeRequestId} not found`);
  return changeRequest.revisionId;
}
