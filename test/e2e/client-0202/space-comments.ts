import type { TodayContext } from './context';

/**
 * Comments on a space's live content through today's client: one on a page with a reply, read,
 * edited and deleted, and who commented (test/e2e/space-comments.test.ts has the rules).
 */
export async function spaceCommentsThroughToday({ api, orgId, admin }: TodayContext): Promise<void> {
  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Commented' });
  const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: 'A page' });
  await api.spaces.updateChangeRequestContent(space.id, cr.id, { changes: [{ operation: 'insert_page', document: { markdown: '# Notes\n\nSome notes.' } }] });
  await api.spaces.mergeChangeRequest(space.id, cr.id);
  const pageId = (await api.spaces.listPages(space.id)).data.pages[0]!.id;

  const { data: comment } = await api.spaces.postCommentInSpace(space.id, { body: { markdown: 'Clarify this.' }, page: pageId });
  expect(comment.target).toMatchObject({ space: space.id, page: { id: pageId } });
  expect((await api.spaces.listCommentsInSpace(space.id, { targetPage: pageId })).data.items.map((c) => c.id)).toEqual([comment.id]);
  expect((await api.spaces.getCommentInSpace(space.id, comment.id)).data.id).toBe(comment.id);
  expect((await api.spaces.updateCommentInSpace(space.id, comment.id, { body: { markdown: 'Clarify this, please.' } })).data.editedAt).toEqual(
    expect.any(String),
  );
  const { data: reply } = await api.spaces.postCommentReplyInSpace(space.id, comment.id, { body: { markdown: 'Done.' } });
  expect((await api.spaces.listCommentRepliesInSpace(space.id, comment.id)).data.items.map((r) => r.id)).toEqual([reply.id]);
  expect((await api.spaces.getCommentReplyInSpace(space.id, comment.id, reply.id)).data.id).toBe(reply.id);
  await api.spaces.updateCommentReplyInSpace(space.id, comment.id, reply.id, { body: { markdown: 'Done!' } });
  expect((await api.spaces.listCommentersInSpace(space.id)).data.items.map((m) => m.id)).toEqual([admin.id]);
  await api.spaces.deleteCommentReplyInSpace(space.id, comment.id, reply.id);
  await api.spaces.deleteCommentInSpace(space.id, comment.id);
}
