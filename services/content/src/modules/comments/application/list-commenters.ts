import type { Principal } from '@quire/access';
import type { PageRequest } from '@quire/input';
import type { Membership } from '@quire/platform/membership';
import type { Paged } from '@quire/platform/sql';
import type { ContentAppDeps } from '../../shared';
import { homeOf } from '../domain/comments';
import { listCommenterRows } from '../store/comments.store';
import type { Commenter } from '../model/comment';
import { commentAccess, type CommentPath } from './comment-access';

/** A commenter with their membership of the space's organization (role, teams), as OrganizationMember shows them. */
export interface CommenterMembership {
  commenter: Commenter;
  membership: Membership;
}

/**
 * The people who posted comments or replies in a space's live content (or a change request) the
 * caller reads, by first post; their memberships come from the cached resolver, one per commenter.
 */
export async function listCommenters(
  deps: Pick<ContentAppDeps, 'db' | 'membership'>,
  principal: Principal,
  input: CommentPath & { page: PageRequest },
): Promise<Paged<CommenterMembership>> {
  const { actor } = await commentAccess(deps, principal, input, 'read');
  const { rows, total } = await listCommenterRows(deps.db, homeOf(actor), input.page);
  const memberships = await Promise.all(rows.map((c) => deps.membership.membership(actor.organizationId, c.userId)));
  return { rows: rows.map((commenter, i) => ({ commenter, membership: memberships[i] as Membership })), total };
}
