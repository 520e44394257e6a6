import { apiClient, expectError, type ApiClient } from '../support/api';
import { buildMember, buildOrganization, buildUser } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { eventually } from '../support/eventually';
import { currentStack } from '../support/stack';

// Comments on a space's live content (…CommentInSpace, listCommentersInSpace of 0.202.0): the
// same rules as a change request's comments, one implementation for both; a comment whose page a
// merge removes stays readable, its target page marked `outdated`.

const stack = currentStack();
const TODAY = { reference: '0.202.0' } as const;

let admin: ApiClient;
let commenter: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let adminId: string;
let orgId: string;
let commenterId: string;
let spaceId: string;
let base: string;
let guidesId: string;
let keepId: string;

/** Edits main through a merged change request (batch edits), as a user of the reference does. */
async function mergeEdits(changes: unknown[]): Promise<void> {
  const cr = await admin.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Edit main' });
  expect(cr.status).toBe(201);
  expect((await admin.post(`/v1/spaces/${spaceId}/change-requests/${cr.body.id}/content`, { changes })).status).toBe(200);
  expect((await admin.post(`/v1/spaces/${spaceId}/change-requests/${cr.body.id}/merge`)).status).toBe(200);
}

beforeAll(async () => {
  // One user at a time: each is an admin CLI process.
  const owner = await buildOrganization(stack, 'Space comments org');
  orgId = owner.id;
  admin = apiClient(stack, owner.admin.token);
  adminId = owner.admin.id;
  const commenterUser = await buildMember(stack, owner.id, 'comment');
  commenter = apiClient(stack, commenterUser.token);
  commenterId = commenterUser.id;
  reader = apiClient(stack, (await buildMember(stack, owner.id, 'read')).token);
  outsider = apiClient(stack, (await buildUser(stack, 'outsider')).token);

  spaceId = (await admin.post(`/v1/orgs/${owner.id}/spaces`, { title: 'Live docs' })).body.id as string;
  base = `/v1/spaces/${spaceId}/comments`;
  await mergeEdits([
    { operation: 'insert_page', document: { markdown: '# Guides\n\nHow-tos.' } },
    { operation: 'insert_page', document: { markdown: '# Keep\n\nStays on main.' } },
  ]);
  const pages = (await reader.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as { id: string; title: string }[];
  guidesId = pages.find((p) => p.title === 'Guides')?.id as string;
  keepId = pages.find((p) => p.title === 'Keep')?.id as string;
}, 180_000);

async function post(api: ApiClient, body: unknown) {
  const res = await api.post(base, body);
  expect(res.status).toBe(200);
  expectOperationResponse('postCommentInSpace', 200, res.body, TODAY);
  return res.body;
}

describe('comments on a space', () => {
  let onPage: { id: string };
  let onNode: { id: string };
  let reply: { id: string };

  it('posts on a page, on a node and on a table cell of main: the reference shape, no change request', async () => {
    const before = (await reader.get(`/v1/spaces/${spaceId}`)).body.comments as number;
    const revision = (await reader.get(`/v1/spaces/${spaceId}`)).body.revision as string;
    onPage = await post(commenter, { body: { markdown: 'Add an example' }, page: guidesId });
    expect(onPage).toMatchObject({
      object: 'comment',
      status: 'open',
      replies: 0,
      repliers: [],
      body: { markdown: 'Add an example' },
      postedBy: { id: commenterId },
      target: { space: spaceId, revision, page: { id: guidesId, title: 'Guides', path: 'guides', outdated: false } },
      permissions: { view: true, edit: true, delete: true, reply: true },
    });
    expect(onPage).not.toHaveProperty('target.changeRequest');
    expect((onPage as unknown as { urls: { location: string } }).urls.location).toMatch(new RegExp(`${base}/${onPage.id}$`));

    onNode = await post(commenter, { body: { markdown: 'This sentence' }, page: keepId, node: 'n1' });
    expect(onNode).toMatchObject({ target: { node: { id: 'n1' }, page: { id: keepId, outdated: false } } });
    const onCell = await post(admin, { body: { markdown: 'Wrong value' }, tableCell: { record: 'r1', definition: 'd1' } });
    expect(onCell).toMatchObject({ target: { tableCell: { record: 'r1', definition: 'd1' } }, postedBy: { id: adminId } });
    expect((await reader.get(`/v1/spaces/${spaceId}`)).body.comments).toBe(before + 3);

    // `comment` on the space posts; a reader reads; a stranger sees no space.
    expectError(await reader.post(base, { body: { markdown: 'Me too' } }), 403);
    expectError(await outsider.get(base), 404);
    expectError(await commenter.post(base, { body: { markdown: 'Where?' }, page: 'nope' }), 400, /"page"/);
    expectError(await commenter.post(base, { body: { markdown: ' ' } }), 400, /body/);
  });

  it('replies, lists comments and replies, and names the commenters', async () => {
    const posted = await admin.post(`${base}/${onPage.id}/replies`, { body: { markdown: 'Agreed' } });
    expect(posted.status).toBe(200);
    expectOperationResponse('postCommentReplyInSpace', 200, posted.body, TODAY);
    reply = posted.body;
    expect(posted.body).toMatchObject({ object: 'comment-reply', postedBy: { id: adminId }, permissions: { edit: true, delete: true } });

    const replies = await reader.get(`${base}/${onPage.id}/replies`);
    expectOperationResponse('listCommentRepliesInSpace', 200, replies.body, TODAY);
    expect(replies.body.items.map((r: { id: string }) => r.id)).toEqual([reply.id]);
    const one = await reader.get(`${base}/${onPage.id}/replies/${reply.id}?format=document`);
    expectOperationResponse('getCommentReplyInSpace', 200, one.body, TODAY);
    expect(one.body).toMatchObject({ body: { document: { object: 'document' } }, permissions: { edit: false, delete: false } });

    const list = await reader.get(`${base}?order=asc`);
    expectOperationResponse('listCommentsInSpace', 200, list.body, TODAY);
    expect(list.body.items.map((c: { id: string }) => c.id).slice(0, 2)).toEqual([onPage.id, onNode.id]);
    expect(list.body.items[0]).toMatchObject({ replies: 1, repliers: [{ user: { id: adminId }, count: 1 }] });
    const onGuides = await reader.get(`${base}?targetPage=${guidesId}&authors=${commenterId}`);
    expect(onGuides.body.items.map((c: { id: string }) => c.id)).toEqual([onPage.id]);
    const got = await reader.get(`${base}/${onNode.id}`);
    expectOperationResponse('getCommentInSpace', 200, got.body, TODAY);
    expect(got.body.target.node).toEqual({ id: 'n1' });

    const commenters = await reader.get(`/v1/spaces/${spaceId}/commenters`);
    expectOperationResponse('listCommentersInSpace', 200, commenters.body, TODAY);
    expect(commenters.body).toMatchObject({ count: 2 });
    expect(commenters.body.items).toEqual([
      expect.objectContaining({ object: 'member', id: commenterId, role: 'comment', user: expect.objectContaining({ id: commenterId }) }),
      expect.objectContaining({ object: 'member', id: adminId, role: 'admin' }),
    ]);
  });

  it("edits its own words only, resolves, and lets an admin delete another's", async () => {
    const edited = await commenter.put(`${base}/${onPage.id}`, { body: { markdown: 'Add two examples' }, addedReactions: ['👍'] });
    expect(edited.status).toBe(200);
    expectOperationResponse('updateCommentInSpace', 200, edited.body, TODAY);
    expect(edited.body).toMatchObject({ body: { markdown: 'Add two examples' }, editedAt: expect.any(String), reactions: [{ emoji: '👍', count: 1 }] });
    expectError(await admin.put(`${base}/${onPage.id}`, { body: { markdown: 'Not my words' } }), 403, /author/);
    expectError(await commenter.put(`${base}/${onPage.id}/replies/${reply.id}`, { body: { markdown: 'Hijack' } }), 403, /author/);
    const ownReply = await admin.put(`${base}/${onPage.id}/replies/${reply.id}`, { body: { markdown: 'Agreed, two' } });
    expectOperationResponse('updateCommentReplyInSpace', 200, ownReply.body, TODAY);
    expect(ownReply.body.body).toEqual({ markdown: 'Agreed, two' });
    const resolved = await admin.put(`${base}/${onNode.id}`, { resolved: true });
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedBy: { id: adminId } });
    expect((await reader.get(`${base}?status=open`)).body.items.map((c: { id: string }) => c.id)).not.toContain(onNode.id);

    expectError(await commenter.delete(`${base}/${onPage.id}/replies/${reply.id}`), 403);
    expectError(await reader.delete(`${base}/${onNode.id}`), 403);
    expect((await admin.delete(`${base}/${onNode.id}`)).status).toBe(205);
    expectError(await reader.get(`${base}/${onNode.id}`), 404);
  });

  it('records a posted comment in the audit log, with no change request', async () => {
    // The audit log follows the outbox through the bus: within seconds, not at once.
    const query = `/v1/orgs/${orgId}/audit-events?action=comment.created&target=${onPage.id}`;
    await eventually(async () => (await admin.get(query)).body.items?.length === 1, 20_000);
    const { items } = (await admin.get(query)).body;
    expect(items[0]).toMatchObject({ action: 'comment.created', actor: { type: 'user', id: commenterId }, target: { type: 'comment', id: onPage.id } });
    const details = await admin.get(`/v1/orgs/${orgId}/audit-events/${items[0].id}`);
    expectOperationResponse('getOrganizationAuditEvent', 200, details.body, TODAY);
    expect(details.body.payload).toEqual({ spaceId, organizationId: orgId, commentId: onPage.id, postedBy: commenterId });
  });

  it("keeps a change request's comments and the space's apart", async () => {
    const cr = await admin.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Apart' });
    const inCr = await admin.post(`/v1/spaces/${spaceId}/change-requests/${cr.body.id}/comments`, { body: { markdown: 'In review' } });
    expect(inCr.body.target.changeRequest).toBe(cr.body.id);
    expectError(await reader.get(`${base}/${inCr.body.id}`), 404);
    expect((await reader.get(base)).body.items.map((c: { id: string }) => c.id)).not.toContain(inCr.body.id);
    expectError(await reader.get(`/v1/spaces/${spaceId}/change-requests/${cr.body.id}/comments/${onPage.id}`), 404);
  });

  it('keeps a comment readable after a merge removes its page or its node, marked outdated', async () => {
    // A node as the client names it: the key of a block of the page's document.
    const document = (await reader.get(`/v1/spaces/${spaceId}/content/page/${keepId}?format=document`)).body.document;
    const paragraph = (document.nodes as { key: string; type: string }[]).find((n) => n.type === 'paragraph')?.key as string;
    const onParagraph = await post(commenter, { body: { markdown: 'Say more' }, page: keepId, node: paragraph });
    expect(onParagraph.target).toMatchObject({ node: { id: paragraph }, page: { id: keepId, outdated: false } });

    await mergeEdits([
      { operation: 'delete_page', page: guidesId },
      { operation: 'update_page', page: keepId, document: { markdown: '# Keep\n\nRewritten on main.' } },
    ]);
    const onNode = await reader.get(`${base}/${onParagraph.id}`);
    expectOperationResponse('getCommentInSpace', 200, onNode.body, TODAY);
    expect(onNode.body.target).toMatchObject({ node: { id: paragraph }, page: { id: keepId, title: 'Keep', outdated: true } });
    expect((await reader.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages.map((p: { id: string }) => p.id)).toEqual([keepId]);

    const got = await reader.get(`${base}/${onPage.id}`);
    expect(got.status).toBe(200);
    expectOperationResponse('getCommentInSpace', 200, got.body, TODAY);
    expect(got.body).toMatchObject({ body: { markdown: 'Add two examples' }, target: { page: { id: guidesId, title: 'Guides', outdated: true } } });
    expect((await reader.get(`${base}/${onPage.id}/replies`)).body.items).toHaveLength(1);
    // A new comment goes on main as it is now: the removed page is no target any more.
    expectError(await commenter.post(base, { body: { markdown: 'Late' }, page: guidesId }), 400, /"page"/);

    const deleted = await admin.delete(`${base}/${onPage.id}/replies/${reply.id}`);
    expect(deleted.status).toBe(205);
    expect((await commenter.delete(`${base}/${onPage.id}`)).status).toBe(205);
    expectError(await reader.get(`${base}/${onPage.id}/replies`), 404);
  });
});
