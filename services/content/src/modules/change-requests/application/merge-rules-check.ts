import { conflict } from '@quire/errors';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlExecutor } from '@quire/platform/sql';
import { CONTENT_TOPIC, ContentEvent, outboxEvent } from '@quire/contracts';
import type { ContentHttpDeps } from '../../shared';
import type { SpaceMergeRules } from '../../spaces';
import { changeRequestFacts } from '../domain/change-requests';
import { mergeRulesInForce, unmetMergeRules, type MergeRule, type MergeRulesConfiguration } from '../domain/merge-rules';
import type { ChangeRequestTarget } from '../domain/merge-answer';
import { changeRequestBase, type ChangeRequest } from '../model/change-request';
import { hasChangeRequestDescription, listReviewRequestRows, listReviewRows } from '../store/reviews.store';

/**
 * The merge rules in force for a space: its own, or (`inherit`) the organization's as identity
 * presents the organization, read before the merge's transaction so no lock waits on identity.
 */
export async function mergeRulesFor(deps: Pick<ContentHttpDeps, 'clients'>, target: ChangeRequestTarget, space: SpaceMergeRules): Promise<MergeRule[]> {
  if (space.type !== 'inherit') return mergeRulesInForce(space, undefined);
  const { organizations } = await deps.clients.identity().getOrganizations({ organizationIds: [target.organizationId], userId: target.userId });
  const organization = organizations[0] ? (JSON.parse(organizations[0].json) as { mergeRules?: MergeRulesConfiguration }) : undefined;
  return mergeRulesInForce(space, organization?.mergeRules);
}

/** The rules the locked change request fails for the user merging, against main at `mainRevision`. */
export async function unmetRulesOf(tx: SqlExecutor, rules: MergeRule[], cr: ChangeRequest, mainRevision: string, userId: string): Promise<string[]> {
  if (rules.length === 0) return [];
  const [reviews, requests, hasDescription] = [
    await listReviewRows(tx, cr.id, {}),
    await listReviewRequestRows(tx, cr.id),
    await hasChangeRequestDescription(tx, cr.id),
  ];
  return unmetMergeRules(rules, {
    userId,
    createdBy: cr.createdBy,
    subject: cr.subject,
    hasDescription,
    revision: cr.revisionId,
    isUpToDate: changeRequestBase(cr) === mainRevision,
    reviews: reviews.rows,
    pendingReviewers: requests.rows.map((r) => r.userId),
  });
}

/**
 * Records the refusal (its own transaction: the merge's rolled back nothing worth keeping) and
 * throws the 409 that names the unmet rules by their reference id.
 */
export async function refuseMerge(
  deps: Pick<ContentHttpDeps, 'db' | 'clock'>,
  target: ChangeRequestTarget,
  cr: ChangeRequest,
  unmet: string[],
): Promise<never> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const data = { ...changeRequestFacts(cr, target.organizationId), unmetRules: unmet, blockedFor: target.userId };
    await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, target.spaceId, ContentEvent.changeRequestMergeBlocked, data), now);
  });
  throw conflict(`Merge rules not met: ${unmet.join(', ')}`);
}
