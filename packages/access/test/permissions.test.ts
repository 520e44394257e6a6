import { atLeast, contentLevel, ROLES } from '../src';

describe('the permission rule', () => {
  it('orders roles from admin down to read', () => {
    expect(ROLES).toEqual(['admin', 'create', 'review', 'edit', 'comment', 'read']);
    expect(atLeast('edit', 'comment')).toBe(true);
    expect(atLeast('comment', 'edit')).toBe(false);
    expect(atLeast(null, 'read')).toBe(false);
  });

  it('caps a member role by the content default level', () => {
    expect(contentLevel('create', 'read')).toBe('read');
    expect(contentLevel('comment', 'edit')).toBe('comment');
    expect(contentLevel('edit', 'edit')).toBe('edit');
  });

  it('always gives organization admins admin, and non-members nothing', () => {
    expect(contentLevel('admin', 'read')).toBe('admin');
    expect(contentLevel(null, 'admin')).toBeNull();
  });
});
