import { revisionCreatedPayload } from '../src/modules/revisions/domain/revision-created';

// The one `revision.created` payload that imports, page edits, merges and updates announce.

describe('revisionCreatedPayload', () => {
  const facts = { spaceId: 's1', organizationId: 'o1', revisionId: 'r2', parents: ['r1'], type: 'edits' as const, changedPageIds: ['p1'], current: true };

  it('holds every documented field, and no change request on main', () => {
    expect(revisionCreatedPayload(facts)).toEqual({
      spaceId: 's1',
      organizationId: 'o1',
      revisionId: 'r2',
      parents: ['r1'],
      type: 'edits',
      changedPageIds: ['p1'],
      current: true,
    });
    expect(revisionCreatedPayload({ ...facts, changeRequestId: undefined })).not.toHaveProperty('changeRequestId');
  });

  it('names the change request of a change request revision or a merge', () => {
    const merge = revisionCreatedPayload({ ...facts, type: 'merge', parents: ['r1', 'c1'], changeRequestId: 'cr1' });
    expect(merge).toMatchObject({ type: 'merge', parents: ['r1', 'c1'], current: true, changeRequestId: 'cr1' });
  });

  it('carries nothing it is not given (a caller cannot leak extra fields)', () => {
    const payload = revisionCreatedPayload({ ...facts, extra: 'x' } as typeof facts);
    expect(Object.keys(payload).sort()).toEqual(['changedPageIds', 'current', 'organizationId', 'parents', 'revisionId', 'spaceId', 'type']);
  });
});
