import { UrlBuilder } from '@quire/urls';
import type { Comment } from '../src/modules/comments/model/comment';
import { presentComment, type CommentContext } from '../src/modules/comments/presenters/comment.presenter';

// One presenter for both kinds of comment: a space's comment names no change request and lives
// under the space's path; a change request's names it and lives under its path.

const row: Comment = {
  id: 'cm1',
  changeRequestId: null,
  spaceId: 'sp1',
  postedBy: 'u1',
  body: 'Hi',
  revisionId: 'rv1',
  pageId: null,
  nodeId: 'n1',
  tableCell: null,
  postedAt: new Date('2026-03-01T00:00:00Z'),
  editedAt: null,
  resolvedAt: null,
  resolvedBy: null,
  replies: 0,
};

const context = (changeRequestId: string | null, level: CommentContext['caller']['level'] = 'comment'): CommentContext => ({
  spaceId: 'sp1',
  changeRequestId,
  caller: { userId: 'u2', level },
  users: new Map(),
  reactions: new Map(),
  format: 'markdown',
  documents: new Map(),
  urls: new UrlBuilder('https://docs.example.com'),
});

describe('presentComment', () => {
  it("answers a space's comment with no change request, under the space's comments", () => {
    const answer = presentComment(row, context(null), []);
    expect(answer.target).toEqual({ space: 'sp1', revision: 'rv1', node: { id: 'n1' } });
    expect(answer.urls.location).toBe('https://docs.example.com/v1/spaces/sp1/comments/cm1');
    expect(answer.permissions).toEqual({ view: true, edit: false, delete: false, reply: true });
  });

  it("answers a change request's comment with it, under its comments; an admin may delete", () => {
    const answer = presentComment({ ...row, changeRequestId: 'cr1' }, context('cr1', 'admin'), []);
    expect(answer.target).toMatchObject({ changeRequest: 'cr1' });
    expect(answer.urls.location).toBe('https://docs.example.com/v1/spaces/sp1/change-requests/cr1/comments/cm1');
    expect(answer.permissions).toMatchObject({ edit: false, delete: true });
  });
});
