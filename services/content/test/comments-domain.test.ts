import { MemoryCache } from '@quire/platform/cache';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { openChangeRequest as createChangeRequest } from '../src/modules/change-requests/application/create-change-request';
import type { CommentActor } from '../src/modules/comments/domain/comments';
import { removeComment } from '../src/modules/comments/application/delete-comment';
import { postMarkdownComment } from '../src/modules/comments/application/post-comment';
import { postMarkdownReply } from '../src/modules/comments/application/post-reply';
import { changeComment } from '../src/modules/comments/application/update-comment';
import { createSpaceWithRevision } from '../src/modules/spaces/application/create-space';
import { listCommenterRows, listCommentRows, reactionsOn } from '../src/modules/comments/store/comments.store';
import { expectApiError } from '../../../test/support/service-db';
import { openContentDb, outboxTypes } from './content-db';

// Comment commands against embedded Postgres: events in the outbox, reactions one per user per
// emoji, who may edit and delete, and the listing of a long thread.

/** The type and facts of each event written to the outbox about `spaceId`, oldest first. */
async function outboxPayloads(db: PgliteDatabase, spaceId: string): Promise<{ type: string; data: unknown }[]> {
  const { rows } = await db.query<{ payload: string }>('SELECT payload FROM outbox WHERE key = $1 ORDER BY seq', [spaceId]);
  return rows.map((r) => {
    const { type, data } = JSON.parse(r.payload) as { type: string; data: unknown };
    return { type, data };
  });
}

const now = new Date('2026-03-01T00:00:00Z');
const cache = new MemoryCache();

describe('comment commands', () => {
  let db: PgliteDatabase;
  let spaceId: string;
  let spaceRevisionId: string;
  let actor: (userId: string, level?: CommentActor['level']) => CommentActor;
  let onSpace: (userId: string, level?: CommentActor['level']) => CommentActor;

  beforeAll(async () => {
    db = await openContentDb();
    const space = await createSpaceWithRevision(
      db,
      { organizationId: 'org1', parentId: null, title: 'S', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'u1' },
      now,
    );
    spaceId = space.id;
    spaceRevisionId = space.revisionId;
    const changeRequest = await createChangeRequest(db, { spaceId, organizationId: 'org1', userId: 'u1', subject: 'CR', status: 'open' }, now);
    actor = (userId, level = 'comment') => ({ spaceId, organizationId: 'org1', changeRequest, revisionId: changeRequest.revisionId, userId, level });
    onSpace = (userId, level = 'comment') => ({ spaceId, organizationId: 'org1', changeRequest: null, revisionId: space.revisionId, userId, level });
  });
  afterAll(async () => {
    await db.close();
  });

  it('announces comment.created, and comment.resolved only when a comment becomes resolved', async () => {
    const before = (await outboxTypes(db, spaceId)).length;
    const comment = await postMarkdownComment(db, cache, actor('u2'), { body: { markdown: 'hi' } }, now);
    await changeComment(db, actor('u3'), comment.id, { resolved: true }, now);
    await changeComment(db, actor('u3'), comment.id, { resolved: true }, now); // already resolved: nothing new
    await changeComment(db, actor('u2'), comment.id, { resolved: false }, now);
    expect((await outboxTypes(db, spaceId)).slice(before)).toEqual(['comment.created', 'comment.resolved']);
  });

  it('keeps one reaction per user per emoji', async () => {
    const comment = await postMarkdownComment(db, cache, actor('u2'), { body: { markdown: 'react' } }, now);
    await changeComment(db, actor('u2'), comment.id, { addedReactions: ['👍', '👍'] }, now);
    await changeComment(db, actor('u2'), comment.id, { addedReactions: ['👍'] }, now);
    await changeComment(db, actor('u3'), comment.id, { addedReactions: ['👍'] }, now);
    expect((await reactionsOn(db, [comment.id])).map((r) => r.userId)).toEqual(['u2', 'u3']);
  });

  it('lets only the author edit the body, and the author or an admin delete, with replies and their reactions', async () => {
    const comment = await postMarkdownComment(db, cache, actor('u2'), { body: { markdown: 'mine' } }, now);
    await expectApiError(changeComment(db, actor('u3', 'admin'), comment.id, { body: { markdown: 'theirs' } }, now), 403, /author/);
    await expectApiError(removeComment(db, actor('u3', 'edit'), comment.id), 403, /author or a space admin/);
    const reply = await postMarkdownReply(db, actor('u3'), comment.id, { markdown: 'reply' }, now);
    await db.query('INSERT INTO comment_reactions (subject_id, user_id, emoji, reacted_at) VALUES ($1, $2, $3, $4)', [reply.id, 'u3', '🎉', now]);
    await removeComment(db, actor('u3', 'admin'), comment.id);
    expect(await reactionsOn(db, [reply.id])).toEqual([]);
    await expectApiError(removeComment(db, actor('u2'), comment.id), 404, /not found/);
  });

  it("keeps a space's comments apart from its change requests', under the same rules, announced without a change request", async () => {
    const before = await outboxPayloads(db, spaceId);
    const comment = await postMarkdownComment(db, cache, onSpace('u2'), { body: { markdown: 'on main' } }, now);
    expect(comment).toMatchObject({ changeRequestId: null, revisionId: spaceRevisionId });
    const [created] = (await outboxPayloads(db, spaceId)).slice(before.length);
    expect(created).toEqual({ type: 'comment.created', data: { spaceId, organizationId: 'org1', commentId: comment.id, postedBy: 'u2' } });
    await expectApiError(changeComment(db, actor('u2'), comment.id, { resolved: true }, now), 404, /not found/);
    await expectApiError(changeComment(db, onSpace('u3', 'admin'), comment.id, { body: { markdown: 'theirs' } }, now), 403, /author/);
    const home = { spaceId, changeRequestId: null };
    expect((await listCommentRows(db, home, { status: 'all', order: 'asc' }, { limit: 10, offset: 0 })).rows.map((r) => r.id)).toEqual([comment.id]);
    await postMarkdownReply(db, onSpace('u3'), comment.id, { markdown: 'reply' }, now);
    expect((await listCommenterRows(db, home, { limit: 10, offset: 0 })).rows.map((c) => c.userId)).toEqual(['u2', 'u3']);
    await removeComment(db, onSpace('u3', 'admin'), comment.id);
    expect((await listCommenterRows(db, home, { limit: 10, offset: 0 })).total).toBe(0);
  });

  it('pages through 1,000 comments with the total and reply counts', async () => {
    const cr = await createChangeRequest(db, { spaceId, organizationId: 'org1', userId: 'u1', subject: 'Long thread', status: 'open' }, now);
    await db.query(
      `INSERT INTO change_request_comments (id, change_request_id, space_id, posted_by, body, revision_id, posted_at)
       SELECT 'c' || lpad(i::text, 4, '0'), $1, $2, 'u' || (i % 3), 'body', $3, $4::timestamptz + i * interval '1 second' FROM generate_series(1, 1000) AS i`,
      [cr.id, spaceId, cr.revisionId, now],
    );
    await postMarkdownReply(db, { ...actor('u1'), changeRequest: cr, revisionId: cr.revisionId }, 'c1000', { markdown: 'first reply' }, now);
    const { rows, total } = await listCommentRows(db, { spaceId, changeRequestId: cr.id }, { status: 'all', order: 'desc' }, { limit: 50, offset: 0 });
    expect(total).toBe(1000);
    expect(rows.map((r) => r.id).slice(0, 2)).toEqual(['c1000', 'c0999']);
    expect(rows[0]?.replies).toBe(1);
    const byAuthor = await listCommentRows(
      db,
      { spaceId, changeRequestId: cr.id },
      { status: 'open', order: 'asc', authors: ['u1'] },
      { limit: 10, offset: 10 },
    );
    expect(byAuthor.total).toBe(334);
    expect(byAuthor.rows[0]?.id).toBe('c0031');
  });
});
