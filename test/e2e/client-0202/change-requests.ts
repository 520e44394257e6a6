import { ChangeRequestOrderBy, ChangeRequestReviewStatus, ChangeRequestStatus, type ChangeRequestContentUpdate } from 'gitbook-api-0202';
import type { TodayContext } from './context';

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** What a merged change request left on main: a page that shows a file. */
export interface MergedContent {
  pageId: string;
  fileId: string;
}

/**
 * A change request from draft to merged through today's client: a batch edit that writes a page
 * and a file, its content read back, a comment thread, its PDF, an update from main, the merge.
 */
export async function changeRequestThroughToday({ api, orgId }: TodayContext, spaceId: string): Promise<MergedContent> {
  const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: 'Draft' });
  const { data: edit } = await api.spaces.updateChangeRequestContent(spaceId, cr.id, {
    changes: [
      { operation: 'insert_page', ref: 'hello', document: { markdown: '# Hello\n\nA greeting.\n\n![Logo](./logo)' } },
      { operation: 'insert_files', files: [{ name: 'logo.png', ref: 'logo', base64: PNG, contentType: 'image/png' }] },
    ],
  });
  // Without `compat=false` the answer is the change request; with it, the outcome of each change.
  expect((edit as ChangeRequestContentUpdate).changes).toBeUndefined();
  const { data: updated } = await api.spaces.updateChangeRequestById(spaceId, cr.id, { subject: 'Hello page', status: 'open' });
  expect(updated).toMatchObject({ subject: 'Hello page', status: 'open' });
  expect((await api.spaces.listChangeRequestsForSpace(spaceId, { orderBy: ChangeRequestOrderBy.UpdatedAt })).data.items.map((c) => c.id)).toEqual([cr.id]);
  // Nobody was asked for a review yet, and Quire has no site topics: nothing matches either filter.
  expect((await api.spaces.listChangeRequestsForSpace(spaceId, { requestedReviewer: updated.createdBy.id })).data.items).toEqual([]);
  expect((await api.spaces.listChangeRequestsForSpace(spaceId, { topic: 'topic1' })).data.items).toEqual([]);
  expect((await api.spaces.getChangeRequestById(spaceId, cr.id)).data.number).toBe(cr.number);
  // The organization's change requests: open ones by default, any statuses asked for.
  expect((await api.orgs.listChangeRequestsForOrganization(orgId, { space: spaceId })).data.items.map((c) => c.id)).toEqual([cr.id]);
  expect(
    (await api.orgs.listChangeRequestsForOrganization(orgId, { space: spaceId, status: [ChangeRequestStatus.Draft, ChangeRequestStatus.Merged] })).data.items,
  ).toEqual([]);

  const { data: revision } = await api.spaces.getRevisionOfChangeRequestById(spaceId, cr.id);
  expect(revision).toMatchObject({ id: updated.revision, tags: [] });
  const { data: pages } = await api.spaces.listPagesInChangeRequest(spaceId, cr.id);
  const pageId = pages.pages[0]!.id;
  // No page tags in Quire; the layout GitBook shows until someone changes it.
  expect(pages.pages[0]).toMatchObject({ tags: [], layout: { coverMask: 'none', tags: true, actions: true, anchors: true } });
  expect((await api.spaces.getPageInChangeRequestById(spaceId, cr.id, pageId, { format: 'markdown' })).data.title).toBe('Hello');
  // The reads a renderer needs (test/e2e/renderer-reads.test.ts has their cases).
  expect((await api.spaces.getPageInChangeRequestByPath(spaceId, cr.id, 'hello')).data.id).toBe(pageId);
  expect((await api.spaces.listChangeRequestPageMetaLinks(spaceId, cr.id, pageId)).data).toEqual({ alternates: [] });
  const { data: files } = await api.spaces.listFilesInChangeRequestById(spaceId, cr.id);
  const fileId = files.items[0]!.id;
  expect((await api.spaces.getFileInChangeRequestById(spaceId, cr.id, fileId)).data.name).toBe('logo.png');

  const { data: comment } = await api.spaces.postCommentInChangeRequest(spaceId, cr.id, { body: { markdown: 'Looks good.' }, page: pageId });
  expect((await api.spaces.listCommentsInChangeRequest(spaceId, cr.id)).data.items.map((c) => c.id)).toEqual([comment.id]);
  expect((await api.spaces.getCommentInChangeRequest(spaceId, cr.id, comment.id)).data.id).toBe(comment.id);
  await api.spaces.updateCommentInChangeRequest(spaceId, cr.id, comment.id, { body: { markdown: 'Looks great.' } });
  const { data: reply } = await api.spaces.postCommentReplyInChangeRequest(spaceId, cr.id, comment.id, { body: { markdown: 'Thanks!' } });
  expect((await api.spaces.listCommentRepliesInChangeRequest(spaceId, cr.id, comment.id)).data.items.map((r) => r.id)).toEqual([reply.id]);
  expect((await api.spaces.getCommentReplyInChangeRequest(spaceId, cr.id, comment.id, reply.id)).data.id).toBe(reply.id);
  const { data: commenters } = await api.spaces.listCommentersInChangeRequest(spaceId, cr.id);
  expect(commenters.items.map((m) => m.user.id)).toEqual([comment.postedBy.id]);
  const { data: replied } = await api.spaces.getCommentInChangeRequest(spaceId, cr.id, comment.id);
  expect(replied.repliers).toEqual([{ user: expect.objectContaining({ id: reply.postedBy.id }), count: 1, updatedAt: reply.postedAt, actionType: 'comment' }]);
  await api.spaces.updateCommentReplyInChangeRequest(spaceId, cr.id, comment.id, reply.id, { body: { markdown: 'Thank you!' } });
  await api.spaces.deleteCommentReplyInChangeRequest(spaceId, cr.id, comment.id, reply.id);
  await api.spaces.deleteCommentInChangeRequest(spaceId, cr.id, comment.id);

  expect((await api.spaces.getChangeRequestPdf(spaceId, cr.id)).data.url).toEqual(expect.any(String));
  await api.spaces.updateChangeRequest(spaceId, cr.id);
  await reviewThroughToday(api, spaceId, cr.id, updated.createdBy.id);
  const { data: contributors } = await api.spaces.getContributorsByChangeRequestId(spaceId, cr.id);
  // The comment thread above was deleted: only the edits remain.
  expect(contributors.items.map((c) => c.actionType)).toEqual(['edit']);
  expect((await api.spaces.listChangeRequestConversations(spaceId, cr.id)).data.items).toEqual([]);
  // No AI agent in Quire, so no conversation to rename or delete (a known gap of client-0202.test.ts).
  await expect(api.spaces.updateChangeRequestConversation(spaceId, cr.id, 'default', { title: 'Renamed' })).rejects.toThrow(/404/);
  await expect(api.spaces.deleteChangeRequestConversation(spaceId, cr.id, 'default')).rejects.toThrow(/404/);
  const { data: changes } = await api.spaces.getChangeRequestChanges(spaceId, cr.id);
  expect(changes.changes.map((c) => c.type)).toEqual(['page_created', 'file_created']);
  const { data: merged } = await api.spaces.mergeChangeRequest(spaceId, cr.id);
  expect(merged.result).toBe('merge');
  const { data: mergedChanges } = await api.spaces.getRevisionSemanticChanges(spaceId, merged.revision);
  expect(mergedChanges.mergedFrom?.id).toBe(cr.id);
  return { pageId, fileId };
}

/** The review operations (test/e2e/change-request-reviews.test.ts has the loop with merge rules): the admin asks themself. */
async function reviewThroughToday(api: TodayContext['api'], spaceId: string, crId: string, userId: string): Promise<void> {
  const { data: asked } = await api.spaces.requestReviewersForChangeRequest(spaceId, crId, { users: [userId] });
  expect(asked.users?.map((u) => u.kind)).toEqual(['user']);
  expect((await api.spaces.listChangeRequestsForSpace(spaceId, { requestedReviewer: userId })).data.items.map((c) => c.id)).toEqual([crId]);
  expect((await api.spaces.getRequestedReviewersByChangeRequestId(spaceId, crId)).data.items).toHaveLength(1);
  expect((await api.spaces.removeRequestedReviewerFromChangeRequest(spaceId, crId, userId)).status).toBe(205);
  await api.spaces.requestReviewersForChangeRequest(spaceId, crId, { users: [userId] });
  const { data: review } = await api.spaces.submitChangeRequestReview(spaceId, crId, {
    status: ChangeRequestReviewStatus.Approved,
    comment: { markdown: 'Ship it.' },
  });
  expect(review).toMatchObject({ status: 'approved', outdated: false, requestedBy: { id: userId } });
  expect((await api.spaces.getReviewsByChangeRequestId(spaceId, crId)).data.items.map((r) => r.id)).toEqual([review.id]);
  expect((await api.spaces.getChangeRequestReviewById(spaceId, crId, review.id)).data.id).toBe(review.id);
}
