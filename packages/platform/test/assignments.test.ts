import { assignmentsFor } from '../src/sql';

describe('assignmentsFor', () => {
  it('assigns only the set fields, in whitelist order, numbering after existing params', () => {
    const params: unknown[] = ['id', 'now'];
    const sets = assignmentsFor({ emoji: null, title: 'New', icon: undefined }, { title: 'title', emoji: 'emoji_char', icon: 'icon_url' }, params);
    expect(sets).toEqual(['title = $3', 'emoji_char = $4']);
    expect(params).toEqual(['id', 'now', 'New', null]);
  });

  it('never takes a column name from the changes', () => {
    const params: unknown[] = [];
    const changes = { title: 'x', 'title = 1; DROP TABLE spaces; --': 'y' } as Record<string, unknown>;
    expect(assignmentsFor(changes, { title: 'title' }, params)).toEqual(['title = $1']);
  });
});
