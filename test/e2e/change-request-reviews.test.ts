import { ChangeRequestReviewStatus, GitBookAPI } from 'gitbook-api-0202';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { buildMember, buildOrganization, type TestUser } from '../support/factories';
import { validateOperationResponse } from '../support/reference';
import { eventually } from '../support/eventually';
import { currentStack } from '../support/stack';
import { WebhookReceiver } from '../support/webhook-receiver';

// Reviews of change requests and enforced merge rules (docs/change-requests.md, Reviews), through
// today's official client (0.202.0) and validated against its schemas: a review is asked for, the
// merge is refused naming the unmet rule, changes are requested, the author edits, a new request
// marks the first review outdated, the reviewer approves, the merge goes through; webhooks and the
// audit log carry each step.

const stack = currentStack();
const REFERENCE = { reference: '0.202.0' as const };
const receiver = new WebhookReceiver();
let orgId: string;
let admin: ApiClient;
let author: TestUser;
let reviewer: TestUser;
let reader: TestUser;

const client = (user: TestUser) => new GitBookAPI({ authToken: user.token, endpoint: stack.url });

beforeAll(async () => {
  await receiver.start();
  const own = await buildOrganization(stack, 'Reviews org');
  orgId = own.id;
  admin = apiClient(stack, own.admin.token);
  author = await buildMember(stack, orgId, 'edit', 'author');
  reviewer = await buildMember(stack, orgId, 'review', 'reviewer');
  reader = await buildMember(stack, orgId, 'read', 'reader');
});
afterAll(() => receiver.stop());

/** A space whose own merge rules need one approval and every review approved, and a change request on it with one page. */
async function spaceWithChangeRequest(): Promise<{ spaceId: string; crId: string }> {
  const space = await admin.post(`/v1/orgs/${orgId}/spaces`, { title: 'Reviewed' });
  expect(space.status).toBe(201);
  const rules = { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }, { rule: 'require_all_reviews_approved' }] };
  const patched = await admin.patch(`/v1/spaces/${space.body.id}`, { mergeRules: rules });
  expect(patched.status).toBe(200);
  expect(validateOperationResponse('updateSpaceById', 200, patched.body, REFERENCE)).toEqual([]);
  expect(patched.body.mergeRules).toEqual(rules);
  // Only who configures the space sets its rules.
  expectError(await apiClient(stack, author.token).patch(`/v1/spaces/${space.body.id}`, { mergeRules: { type: 'none' } }), 403);
  const { data: cr } = await client(author).spaces.createChangeRequest(space.body.id, { subject: 'Install guide' });
  await client(author).spaces.updateChangeRequestContent(space.body.id, cr.id, {
    changes: [{ operation: 'insert_page', document: { markdown: '# Install\n\nRun it.' } }],
  });
  return { spaceId: space.body.id, crId: cr.id };
}

describe('reviews and merge rules', () => {
  it('walks request → refused merge → changes requested → edit → new request (outdated) → approval → merge', async () => {
    const { spaceId, crId } = await spaceWithChangeRequest();
    const hook = await admin.post(`/v1/orgs/${orgId}/webhooks`, {
      url: receiver.url('/reviews'),
      events: ['change_request_review_requested', 'change_request_review_submitted', 'change_request_merge_blocked', 'change_request_merged'],
      spaceIds: [spaceId],
    });
    expect(hook.status).toBe(201);
    const byAuthor = client(author).spaces;
    const byReviewer = client(reviewer).spaces;

    // A review is asked for; the reviewer has the change request among those awaiting them.
    // A description without `data` (0.202.0's type requires it): the server takes a bare document too.
    const bareDocument = { object: 'document', nodes: [] } as never;
    const requested = await byAuthor.requestReviewersForChangeRequest(spaceId, crId, { users: [reviewer.id], description: bareDocument });
    expect(validateOperationResponse('requestReviewersForChangeRequest', 200, requested.data, REFERENCE)).toEqual([]);
    expect(requested.data.users).toEqual([
      expect.objectContaining({ kind: 'user', user: expect.objectContaining({ id: reviewer.id }), requestedBy: expect.objectContaining({ id: author.id }) }),
    ]);
    const pending = await byAuthor.getRequestedReviewersByChangeRequestId(spaceId, crId);
    expect(validateOperationResponse('getRequestedReviewersByChangeRequestId', 200, pending.data, REFERENCE)).toEqual([]);
    expect(pending.data.items).toHaveLength(1);
    const awaiting = await byReviewer.listChangeRequestsForSpace(spaceId, { requestedReviewer: reviewer.id });
    expect(awaiting.data.items.map((c) => c.id)).toEqual([crId]);

    // Nobody approved yet: the merge is refused, naming the rules.
    const refused = await admin.post(`/v1/spaces/${spaceId}/change-requests/${crId}/merge`);
    expectError(refused, 409, /require_at_least_one_approved_review, require_all_reviews_approved/);

    // A reader may not review, nor be asked to.
    expectError(await apiClient(stack, reader.token).post(`/v1/spaces/${spaceId}/change-requests/${crId}/reviews`, { status: 'approved' }), 403);
    expectError(
      await apiClient(stack, author.token).post(`/v1/spaces/${spaceId}/change-requests/${crId}/requested-reviewers`, { users: [reader.id] }),
      400,
      /"users"/,
    );
    expectError(await apiClient(stack, reviewer.token).post(`/v1/spaces/${spaceId}/change-requests/${crId}/reviews`, { status: 'maybe' }), 400, /"status"/);

    // Changes requested, with a comment; the request is fulfilled.
    const { data: first, status } = await byReviewer.submitChangeRequestReview(spaceId, crId, {
      status: ChangeRequestReviewStatus.ChangesRequested,
      comment: { markdown: 'Say which version.' },
    });
    expect(status).toBe(201);
    expect(validateOperationResponse('submitChangeRequestReview', 201, first, REFERENCE)).toEqual([]);
    const { data: before } = await byAuthor.getChangeRequestById(spaceId, crId);
    expect(first).toMatchObject({
      status: 'changes-requested',
      outdated: false,
      revision: before.revision,
      requestedBy: { id: author.id },
      reviewer: { id: reviewer.id },
    });
    expect(first.comment).toMatchObject({ body: { markdown: 'Say which version.' }, postedBy: { id: reviewer.id } });
    expect((await byAuthor.getRequestedReviewersByChangeRequestId(spaceId, crId)).data.items).toEqual([]);
    expectError(await admin.post(`/v1/spaces/${spaceId}/change-requests/${crId}/merge`), 409, /require_at_least_one_approved_review/);

    // The author edits and asks again: the first review is outdated.
    await byAuthor.updateChangeRequestContent(spaceId, crId, { changes: [{ operation: 'insert_page', document: { markdown: '# Versions\n\nFrom 2.0.' } }] });
    await byAuthor.requestReviewersForChangeRequest(spaceId, crId, { users: [reviewer.id] });
    const outdated = await byAuthor.getChangeRequestReviewById(spaceId, crId, first.id);
    expect(validateOperationResponse('getChangeRequestReviewById', 200, outdated.data, REFERENCE)).toEqual([]);
    expect(outdated.data.outdated).toBe(true);
    expect((await byAuthor.getReviewsByChangeRequestId(spaceId, crId, { outdated: false })).data.items).toEqual([]);

    // Approval of the new revision; the merge goes through.
    const { data: approval } = await byReviewer.submitChangeRequestReview(spaceId, crId, { status: ChangeRequestReviewStatus.Approved });
    const { data: after } = await byAuthor.getChangeRequestById(spaceId, crId);
    expect(approval).toMatchObject({ status: 'approved', outdated: false, revision: after.revision });
    expect(after.revision).not.toBe(before.revision);
    const reviews = await byAuthor.getReviewsByChangeRequestId(spaceId, crId);
    expect(validateOperationResponse('getReviewsByChangeRequestId', 200, reviews.data, REFERENCE)).toEqual([]);
    expect(reviews.data.items.map((r) => [r.id, r.status, r.outdated])).toEqual([
      [first.id, 'changes-requested', true],
      [approval.id, 'approved', false],
    ]);
    const merged = await admin.post(`/v1/spaces/${spaceId}/change-requests/${crId}/merge`);
    expect(merged.status).toBe(200);
    expect(validateOperationResponse('mergeChangeRequest', 200, merged.body, REFERENCE)).toEqual([]);
    expect(merged.body.result).toBe('merge');

    // What the change request brought, computed from the trees: two pages, the second beyond a limit of 1.
    const changes = await byAuthor.getChangeRequestChanges(spaceId, crId, { limit: 1 });
    expect(validateOperationResponse('getChangeRequestChanges', 200, changes.data, REFERENCE)).toEqual([]);
    expect(changes.data).toEqual({
      changes: [{ type: 'page_created', page: expect.objectContaining({ type: 'document', title: 'Install', path: 'install' }) }],
      more: 1,
    });
    const revision = await byAuthor.getRevisionSemanticChanges(spaceId, merged.body.revision);
    expect(validateOperationResponse('getRevisionSemanticChanges', 200, revision.data, REFERENCE)).toEqual([]);
    expect(revision.data.mergedFrom?.id).toBe(crId);
    expect(revision.data.changes.map((c) => [c.type, 'page' in c ? c.page.title : ''])).toEqual([
      ['page_created', 'Install'],
      ['page_created', 'Versions'],
    ]);

    // Contributors: the author's two batch edits; the review comment is the review's, not a thread.
    const contributors = await byAuthor.getContributorsByChangeRequestId(spaceId, crId);
    expect(validateOperationResponse('getContributorsByChangeRequestId', 200, contributors.data, REFERENCE)).toEqual([]);
    expect(contributors.data.items).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: author.id }), count: 2, actionType: 'edit' })]);

    // Webhooks and the audit log carry each step.
    await eventually(async () => new Set(receiver.payloads('/reviews').map((p) => p.type)).size >= 4);
    const types = receiver.payloads('/reviews').map((p) => p.type);
    expect(types.filter((t) => t === 'change_request_review_requested')).toHaveLength(2);
    expect(types.filter((t) => t === 'change_request_review_submitted')).toHaveLength(2);
    expect(types.filter((t) => t === 'change_request_merge_blocked')).toHaveLength(2);
    const blocked = receiver.payloads('/reviews').find((p) => p.type === 'change_request_merge_blocked');
    expect(blocked).toMatchObject({ changeRequestId: crId, unmetRules: ['require_at_least_one_approved_review', 'require_all_reviews_approved'] });
    const second = receiver.payloads('/reviews').filter((p) => p.type === 'change_request_review_submitted')[1];
    expect(second).toMatchObject({ reviewId: approval.id, reviewStatus: 'approved', outdatedReviewIds: [] });
    for (const action of ['change-request.review-requested', 'change-request.review-submitted', 'change-request.merge-blocked']) {
      await eventually(async () => {
        const res = await admin.get(`/v1/orgs/${orgId}/audit-events?${new URLSearchParams({ action, target: crId }).toString()}`);
        return res.status === 200 && res.body.items.length === 2;
      });
    }
  });

  it('withdraws a request (205, then 204) and inherits the organization rules', async () => {
    const { spaceId, crId } = await spaceWithChangeRequest();
    const byAuthor = client(author).spaces;
    await byAuthor.requestReviewersForChangeRequest(spaceId, crId, { users: [reviewer.id] });
    const path = `/v1/spaces/${spaceId}/change-requests/${crId}/requested-reviewers/${reviewer.id}`;
    expect((await apiClient(stack, author.token).delete(path)).status).toBe(205);
    expect((await apiClient(stack, author.token).delete(path)).status).toBe(204);
    expect((await byAuthor.getRequestedReviewersByChangeRequestId(spaceId, crId)).data.items).toEqual([]);

    // No AI agent, so no conversations: an empty list, and nothing to rename or delete.
    const conversations = await byAuthor.listChangeRequestConversations(spaceId, crId);
    expect(validateOperationResponse('listChangeRequestConversations', 200, conversations.data, REFERENCE)).toEqual([]);
    expect(conversations.data).toEqual({ count: 0, items: [] });
    const conversation = `/v1/spaces/${spaceId}/change-requests/${crId}/conversations/default`;
    expectError(await apiClient(stack, author.token).patch(conversation, { title: 'Renamed' }), 404, /Conversation default not found/);
    expectError(await apiClient(stack, author.token).delete(conversation), 404);
    expectError(await apiClient(stack, reader.token).delete(conversation), 403);

    // Inherit: the organization's rules apply (a subject and an author merging).
    const org = await admin.patch(`/v1/orgs/${orgId}`, { mergeRules: { type: 'rules', rules: [{ rule: 'require_author_to_merge' }] } });
    expect(org.status).toBe(200);
    expect((await admin.patch(`/v1/spaces/${spaceId}`, { mergeRules: { type: 'inherit' } })).status).toBe(200);
    expectError(await admin.post(`/v1/spaces/${spaceId}/change-requests/${crId}/merge`), 409, /require_author_to_merge/);
    expectError(await apiClient(stack, author.token).post(`/v1/spaces/${spaceId}/change-requests/${crId}/merge`), 403);
    // `none` on the space turns them off.
    expect((await admin.patch(`/v1/spaces/${spaceId}`, { mergeRules: { type: 'none' } })).status).toBe(200);
    expect((await admin.post(`/v1/spaces/${spaceId}/change-requests/${crId}/merge`)).body.result).toBe('merge');
    expect((await admin.patch(`/v1/orgs/${orgId}`, { mergeRules: { type: 'none' } })).status).toBe(200);
  });
});
