import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { buildMember, buildOrganization, buildUser, type OrgClient } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Comments, replies and reactions on change requests: who may do what, reference
// shapes, filters and pagination, and the open-comment counts of the change request and the space.

const stack = currentStack();

const FIXTURES: Record<string, string> = {
  '/main.md': '# Main page\n\nOn main before the change request.\n',
  '/draft.md': '# Draft page\n\nOnly in the change request.\n',
  '/later.md': '# Later page\n\nOn main after the change request was opened.\n',
};

let org: OrgClient;
let reader: ApiClient;
let editor: ApiClient;
let outsider: ApiClient;
let commenter: ApiClient;
let commenterId: string;
let editorId: string;
let fixture: Server;
let fixtureUrl: string;

let spaceId: string;
let crId: string;
let base: string;
let mainPage: string;
let draftPage: string;
let laterPage: string;

const pageIdByTitle = (pages: { id: string; title: string }[], title: string) => (pages.find((p) => p.title === title) as { id: string }).id;

beforeAll(async () => {
  fixture = createServer((req, res) => {
    const body = FIXTURES[(req.url ?? '').split('?')[0] as string];
    if (body === undefined) return res.writeHead(404).end('not here');
    res.writeHead(200, { 'content-type': 'text/markdown' }).end(body);
  });
  await new Promise<void>((resolve) => fixture.listen(0, '0.0.0.0', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;

  // One user at a time, not buildRoleCast's all at once: each is an admin CLI process, and on a
  // loaded machine several at once overrun the CLI's 20-second limit.
  const owner = await buildOrganization(stack, 'Comments org');
  org = { id: owner.id, api: apiClient(stack, owner.admin.token) };
  reader = apiClient(stack, (await buildMember(stack, org.id, 'read')).token);
  const editorUser = await buildMember(stack, org.id, 'edit');
  editor = apiClient(stack, editorUser.token);
  editorId = editorUser.id;
  const commenterUser = await buildMember(stack, org.id, 'comment');
  commenter = apiClient(stack, commenterUser.token);
  commenterId = commenterUser.id;
  outsider = apiClient(stack, (await buildUser(stack, 'outsider')).token);

  spaceId = (await org.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Reviewed docs' })).body.id as string;
  expect((await editor.post(`/v1/spaces/${spaceId}/content/import`, { source: 'markdown', url: `${fixtureUrl}/main.md` })).status).toBe(201);
  const cr = await editor.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Review me' });
  expect(cr.status).toBe(201);
  crId = cr.body.id as string;
  base = `/v1/spaces/${spaceId}/change-requests/${crId}/comments`;
  const imported = await editor.post(`/v1/spaces/${spaceId}/change-requests/${crId}/content/import`, { source: 'markdown', url: `${fixtureUrl}/draft.md` });
  expect(imported.status).toBe(201);
  expect((await editor.post(`/v1/spaces/${spaceId}/content/import`, { source: 'markdown', url: `${fixtureUrl}/later.md` })).status).toBe(201);

  const crPages = (await reader.get(`/v1/spaces/${spaceId}/change-requests/${crId}/content/pages`)).body.pages;
  mainPage = pageIdByTitle(crPages, 'Main page');
  draftPage = pageIdByTitle(crPages, 'Draft page');
  laterPage = pageIdByTitle((await reader.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages, 'Later page');
}, 180_000); // users are made through the admin CLI, one process each: slow on a loaded machine
afterAll(async () => {
  if (!fixture) return;
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

const openCounts = async () => ({
  changeRequest: (await reader.get(`/v1/spaces/${spaceId}/change-requests/${crId}`)).body.comments as number,
  space: (await reader.get(`/v1/spaces/${spaceId}`)).body.comments as number,
});

async function post(api: ApiClient, body: unknown) {
  const res = await api.post(base, body);
  expect(res.status).toBe(200);
  expectOperationResponse('postCommentInChangeRequest', 200, res.body);
  return res.body;
}

describe('comments', () => {
  it('posts a comment on a page of the change request: 200, the reference shape, its target and Location', async () => {
    const before = await openCounts();
    const comment = await post(commenter, { body: { markdown: 'Typo in **line 2** 🦄' }, page: draftPage, node: 'n1' });
    expect(comment).toMatchObject({
      object: 'comment',
      status: 'open',
      replies: 0,
      reactions: [],
      body: { markdown: 'Typo in **line 2** 🦄' },
      postedBy: { object: 'user', id: commenterId },
      target: { space: spaceId, changeRequest: crId, node: { id: 'n1' }, page: { id: draftPage, title: 'Draft page', path: 'draft-page', outdated: true } },
      permissions: { view: true, edit: true, delete: true, reply: true },
    });
    expect(comment.urls.location).toMatch(new RegExp(`^https?://[^/]+${base}/${comment.id}$`));
    expect(comment.target.revision).toEqual((await reader.get(`/v1/spaces/${spaceId}/change-requests/${crId}`)).body.revision);

    const onMain = await post(editor, { body: { markdown: 'Fine on main' }, page: mainPage });
    expect(onMain.target.page).toMatchObject({ id: mainPage, outdated: false });
    expect(await openCounts()).toEqual({ changeRequest: before.changeRequest + 2, space: before.space + 2 });
  });

  it('stores a document body as readable markdown and answers in either format', async () => {
    const document = {
      object: 'document',
      data: {},
      nodes: [
        { object: 'block', type: 'heading-2', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Title', marks: [] }] }] },
        {
          object: 'block',
          type: 'paragraph',
          nodes: [
            {
              object: 'text',
              leaves: [
                { object: 'leaf', text: 'Plain ', marks: [] },
                { object: 'leaf', text: 'bold', marks: [{ object: 'mark', type: 'bold' }] },
              ],
            },
          ],
        },
        {
          object: 'block',
          type: 'list-unordered',
          nodes: [
            {
              object: 'block',
              type: 'list-item',
              nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'one', marks: [] }] }] }],
            },
          ],
        },
      ],
    };
    const comment = await post(commenter, { body: { document } });
    expect(comment.body).toEqual({ markdown: '## Title\n\nPlain **bold**\n\n- one' });
    const asDocument = await reader.get(`${base}/${comment.id}?format=document`);
    expectOperationResponse('getCommentInChangeRequest', 200, asDocument.body);
    expect(JSON.stringify(asDocument.body.body.document)).toContain('"type":"heading-2"');
    expect(asDocument.body.permissions).toEqual({ view: true, edit: false, delete: false, reply: false });
  });

  it('refuses bodies that say nothing, pages outside the change request and NUL (400 naming the field)', async () => {
    expectError(await commenter.post(base, {}), 400, /"body"/);
    expectError(await commenter.post(base, { page: draftPage }), 400, /"body"/);
    expectError(await commenter.post(base, { body: {} }), 400, /body/);
    expectError(await commenter.post(base, { body: { markdown: '  ' } }), 400, /body\.markdown/);
    expectError(await commenter.post(base, { body: { document: { object: 'document', data: {}, nodes: [] } } }), 400, /body\.document/);
    expectError(await commenter.post(base, { body: { markdown: 'x' }, page: laterPage }), 400, /"page"/);
    expectError(await commenter.post(base, { body: { markdown: 'a\u0000b' } }), 400, /NUL/);
  });

  it('edits the body only by its author; resolves and reopens by any commenter, with the counts following', async () => {
    const comment = await post(editor, { body: { markdown: 'Mine' } });
    const url = `${base}/${comment.id}`;
    expectError(await commenter.put(url, { body: { markdown: 'Not mine' } }), 403);
    const edited = await editor.put(url, { body: { markdown: 'Mine, edited 👩‍👩‍👧' } });
    expectOperationResponse('updateCommentInChangeRequest', 200, edited.body);
    expect(edited.body).toMatchObject({ body: { markdown: 'Mine, edited 👩‍👩‍👧' }, editedAt: expect.any(String) });

    const before = await openCounts();
    const resolved = await commenter.put(url, { resolved: true });
    expectOperationResponse('updateCommentInChangeRequest', 200, resolved.body);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String), resolvedBy: { id: commenterId } });
    expect(await openCounts()).toEqual({ changeRequest: before.changeRequest - 1, space: before.space - 1 });

    const reopened = await editor.put(url, { resolved: false });
    expectOperationResponse('updateCommentInChangeRequest', 200, reopened.body);
    expect(reopened.body.status).toBe('open');
    expect(reopened.body).not.toHaveProperty('resolvedAt');
    expect(await openCounts()).toEqual(before);
  });

  it('keeps one reaction per user per emoji, counts users, and removes them', async () => {
    const comment = await post(commenter, { body: { markdown: 'React to me' } });
    const url = `${base}/${comment.id}`;
    await commenter.put(url, { addedReactions: ['👍'] });
    await commenter.put(url, { addedReactions: ['👍', '🎉'] });
    const both = await editor.put(url, { addedReactions: ['👍'] });
    expectOperationResponse('updateCommentInChangeRequest', 200, both.body);
    expect(both.body.reactions).toEqual([
      {
        emoji: '👍',
        count: 2,
        users: [
          expect.objectContaining({ user: expect.objectContaining({ id: commenterId }) }),
          expect.objectContaining({ user: expect.objectContaining({ id: editorId }) }),
        ],
      },
      { emoji: '🎉', count: 1, users: [{ user: expect.objectContaining({ id: commenterId }), reactedAt: expect.any(String) }] },
    ]);
    const removed = await commenter.put(url, { removedReactions: ['👍', '🎉'] });
    expect(removed.body.reactions).toEqual([{ emoji: '👍', count: 1, users: [expect.objectContaining({ user: expect.objectContaining({ id: editorId }) })] }]);

    expectError(await commenter.put(url, { addedReactions: ['not an emoji'] }), 400, /addedReactions/);
    expectError(await commenter.put(url, { addedReactions: ['👍'.repeat(51)] }), 400, /addedReactions/);
    expectError(await reader.put(url, { addedReactions: ['👍'] }), 403);
  });

  it('deletes by its author or an admin (205), not by others (403); unknown ids are 404', async () => {
    const mine = await post(commenter, { body: { markdown: 'Delete me' } });
    expectError(await editor.delete(`${base}/${mine.id}`), 403);
    const deleted = await commenter.delete(`${base}/${mine.id}`);
    expect(deleted.status).toBe(205);
    expectError(await reader.get(`${base}/${mine.id}`), 404);
    expectError(await commenter.delete(`${base}/${mine.id}`), 404);

    const theirs = await post(editor, { body: { markdown: 'An admin removes this' } });
    expect((await org.api.delete(`${base}/${theirs.id}`)).status).toBe(205);
  });

  it('lets members read, a read member not write (403) and an outsider see nothing (404)', async () => {
    const list = await reader.get(base);
    expectOperationResponse('listCommentsInChangeRequest', 200, list.body);
    expectError(await reader.post(base, { body: { markdown: 'no' } }), 403);
    expectError(await outsider.get(base), 404);
    expectError(await outsider.post(base, { body: { markdown: 'no' } }), 404);
    expectError(await reader.get(`/v1/spaces/${spaceId}/change-requests/999/comments`), 404);
  });
});

describe('listing comments', () => {
  let listBase: string;
  let ids: string[];

  beforeAll(async () => {
    const cr = await editor.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Listed' });
    listBase = `/v1/spaces/${spaceId}/change-requests/${cr.body.id}/comments`;
    ids = [];
    for (const [i, api] of [commenter, editor, commenter, editor, commenter].entries()) {
      const res = await api.post(listBase, { body: { markdown: `Comment ${i}` }, ...(i === 1 ? { page: mainPage } : {}) });
      expect(res.status).toBe(200);
      ids.push(res.body.id as string);
    }
    expect((await editor.put(`${listBase}/${ids[2]}`, { resolved: true })).status).toBe(200);
  });

  const list = async (query: string) => {
    const res = await reader.get(`${listBase}${query}`);
    expect(res.status).toBe(200);
    expectOperationResponse('listCommentsInChangeRequest', 200, res.body);
    return res.body;
  };

  it('lists newest first by default, oldest first with order=asc', async () => {
    expect((await list('')).items.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
    expect((await list('?order=asc')).items.map((c: { id: string }) => c.id)).toEqual(ids);
  });

  it('filters by status, target page and authors (repeated or comma-separated)', async () => {
    expect((await list('?status=resolved')).items.map((c: { id: string }) => c.id)).toEqual([ids[2]]);
    expect((await list('?status=open')).count).toBe(4);
    expect((await list(`?targetPage=${mainPage}`)).items.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
    expect((await list(`?authors=${editorId}&order=asc`)).items.map((c: { id: string }) => c.id)).toEqual([ids[1], ids[3]]);
    expect((await list(`?authors=${editorId}&authors=${commenterId}`)).count).toBe(5);
    expect((await list(`?authors=${editorId},${commenterId}`)).count).toBe(5);
    expectError(await reader.get(`${listBase}?status=closed`), 400, /status/);
  });

  it('paginates with next', async () => {
    const first = await list('?limit=2&order=asc');
    expect(first).toMatchObject({ count: 5, next: { page: expect.any(String) } });
    const second = await list(`?limit=2&order=asc&page=${first.next.page}`);
    const third = await list(`?limit=2&order=asc&page=${second.next.page}`);
    expect(third.next).toBeUndefined();
    expect([...first.items, ...second.items, ...third.items].map((c: { id: string }) => c.id)).toEqual(ids);
  });
});

describe('replies', () => {
  let comment: { id: string };
  let repliesUrl: string;

  beforeAll(async () => {
    comment = await post(editor, { body: { markdown: 'Thread' } });
    repliesUrl = `${base}/${comment.id}/replies`;
  });

  it('posts, reads, edits, reacts to and deletes replies, with the comment counting them', async () => {
    const posted = await commenter.post(repliesUrl, { body: { markdown: 'A reply 🙂' } });
    expect(posted.status).toBe(200);
    expectOperationResponse('postCommentReplyInChangeRequest', 200, posted.body);
    expect(posted.body).toMatchObject({ object: 'comment-reply', body: { markdown: 'A reply 🙂' }, permissions: { view: true, edit: true, delete: true } });
    const replyUrl = `${repliesUrl}/${posted.body.id}`;
    const second = await editor.post(`${repliesUrl}?format=document`, { body: { markdown: 'Second' } });
    expectOperationResponse('postCommentReplyInChangeRequest', 200, second.body);
    expect(second.body.body.document).toMatchObject({ object: 'document' });

    const got = await reader.get(replyUrl);
    expectOperationResponse('getCommentReplyInChangeRequest', 200, got.body);
    const list = await reader.get(`${repliesUrl}?limit=1`);
    expectOperationResponse('listCommentRepliesInChangeRequest', 200, list.body);
    expect(list.body).toMatchObject({ count: 2, items: [{ id: posted.body.id }], next: { page: expect.any(String) } });
    expect((await reader.get(`${base}/${comment.id}`)).body.replies).toBe(2);

    expectError(await editor.put(replyUrl, { body: { markdown: 'Not mine' } }), 403);
    const edited = await commenter.put(replyUrl, { body: { markdown: 'Edited' }, resolved: true, addedReactions: ['👍'] });
    expectOperationResponse('updateCommentReplyInChangeRequest', 200, edited.body);
    expect(edited.body).toMatchObject({ body: { markdown: 'Edited' }, editedAt: expect.any(String), reactions: [{ emoji: '👍', count: 1 }] });
    expect(edited.body).not.toHaveProperty('status');

    expectError(await reader.post(repliesUrl, { body: { markdown: 'no' } }), 403);
    expectError(await commenter.post(repliesUrl, {}), 400, /"body"/);
    expectError(await editor.delete(replyUrl), 403);
    expect((await org.api.delete(`${repliesUrl}/${second.body.id}`)).status).toBe(205);
    expect((await commenter.delete(replyUrl)).status).toBe(205);
    expectError(await reader.get(replyUrl), 404);
    expect((await reader.get(`${base}/${comment.id}`)).body.replies).toBe(0);
    expectError(await reader.get(`${base}/nope/replies`), 404);
  });
});
