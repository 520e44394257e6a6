import type { Role } from '@quire/access';
import { notFound } from '@quire/errors';
import type { Cache } from '@quire/platform/cache';
import { findChangeRequest } from '../../change-requests';
import { loadRevision, type LoadedRevision } from '../../revisions';
import type { Caller, ContentAppDeps } from '../../shared';
import { authorizeSpace, type SpaceWithCounts } from '../../spaces';
import { brokenKeys, linkedSpaceIds, settleSpaceTargets, type LinkGroup } from '../domain/link-groups';
import { revisionLinks } from './revision-links';
import { loadLinkedSpaces, type LinkedSpaces } from './load-linked-spaces';

export type LinksAppDeps = ContentAppDeps & { cache: Cache; identity: () => Parameters<typeof loadLinkedSpaces>[0]['identity']; appBase: string };

export interface ReadLinks {
  space: SpaceWithCounts;
  level: Role;
  /** The revision the path names: main's current one, or the change request's. */
  loaded: LoadedRevision;
  groups: LinkGroup[];
  /** A change request's links are compared with the space's current ones (stats.broken.changeRequest). */
  brokenInBase?: Set<string>;
  linked: LinkedSpaces;
}

/** The space (checked for `read`), the revision the path names, its links settled against what the caller sees. */
export async function readLinks(deps: LinksAppDeps, caller: Caller, input: { spaceId: string; changeRequestId?: string }): Promise<ReadLinks> {
  const { db, cache, membership, appBase } = deps;
  const { space, level } = await authorizeSpace(db, membership, input.spaceId, caller.userId, 'read');
  const changeRequest = input.changeRequestId ? await findChangeRequest(db, space.id, input.changeRequestId) : null;
  if (input.changeRequestId && !changeRequest) throw notFound(`Change request ${input.changeRequestId} not found`);
  const loaded = await loadRevision(db, cache, space.id, changeRequest?.revisionId ?? space.revisionId);
  const unsettled = await revisionLinks(db, cache, loaded, appBase);
  const linked = await loadLinkedSpaces({ db, identity: deps.identity(), membership }, caller.userId, space, linkedSpaceIds(unsettled));
  const visible = new Set([space.id, ...linked.spaces.map((s) => s.space.id)]);
  const isVisible = (id: string) => visible.has(id);
  const groups = settleSpaceTargets(unsettled, isVisible);
  const brokenInBase = changeRequest
    ? brokenKeys(settleSpaceTargets(await revisionLinks(db, cache, await loadRevision(db, cache, space.id, space.revisionId), appBase), isVisible))
    : undefined;
  return { space, level, loaded, groups, brokenInBase, linked };
}
