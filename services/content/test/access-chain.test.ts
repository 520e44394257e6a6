import type { Role } from '@quire/access';
import { accessChain, chainIds, grantsByResource, peopleAccess, storedDefaultLevel, visibleFilter } from '../src/modules/content-tree/domain/access-chain';
import type { ContentNode } from '../src/modules/content-tree/model/content-access';

// The pure half of content's permission check: the chain handed to @quire/access's contentAccess
// (the space, then its collections up to the top), and what lists and aggregate listings make of it.

const top: ContentNode = { id: 'c-top', parentId: null, defaultLevel: 'read' };
const middle: ContentNode = { id: 'c-mid', parentId: 'c-top', defaultLevel: 'inherit' };
const space: ContentNode = { id: 's1', parentId: 'c-mid', defaultLevel: 'inherit' };
const collections = new Map([top, middle].map((c) => [c.id, c]));

describe('the access chain', () => {
  it('reads stored default levels as the rule does: a role, inherit, null (private); anything else caps at read', () => {
    expect(['admin', 'inherit', null, 'owner'].map(storedDefaultLevel)).toEqual(['admin', 'inherit', null, 'read']);
  });

  it('goes from the content up through its collections, each with the grants on it', () => {
    const grants = grantsByResource([
      { resourceId: 'c-top', role: 'edit' },
      { resourceId: 'c-top', role: 'comment' },
      { resourceId: 's1', role: 'read' },
    ]);
    expect(accessChain(space, collections, grants)).toEqual([
      { defaultLevel: 'inherit', grants: ['read'] },
      { defaultLevel: 'inherit', grants: [] },
      { defaultLevel: 'read', grants: ['edit', 'comment'] },
    ]);
    expect(chainIds(space, collections)).toEqual(['s1', 'c-mid', 'c-top']);
  });

  it('ends at a missing parent and at a cycle', () => {
    expect(accessChain({ id: 's2', parentId: 'gone', defaultLevel: null }, collections, new Map())).toEqual([{ defaultLevel: null, grants: [] }]);
    const loop = new Map<string, ContentNode>([
      ['a', { id: 'a', parentId: 'b', defaultLevel: 'inherit' }],
      ['b', { id: 'b', parentId: 'a', defaultLevel: 'edit' }],
    ]);
    expect(accessChain({ id: 's3', parentId: 'a', defaultLevel: 'inherit' }, loop, new Map())).toHaveLength(3);
    expect(chainIds({ id: 's3', parentId: 'a', defaultLevel: 'inherit' }, loop)).toEqual(['s3', 'a', 'b']);
  });
});

describe('visible filters', () => {
  const nodes = ['a', 'b', 'c', 'd'].map((id): ContentNode => ({ id, parentId: null, defaultLevel: 'inherit' }));
  it('names the shorter list: the hidden ids when few are hidden, the visible ones when few are visible, nothing when all are', () => {
    expect(visibleFilter(nodes, (n) => n.id !== 'b')).toEqual({ except: ['b'] });
    expect(visibleFilter(nodes, (n) => n.id === 'c')).toEqual({ only: ['c'] });
    expect(visibleFilter(nodes, () => false)).toEqual({ only: [] });
    expect(visibleFilter(nodes, () => true)).toEqual({ all: true });
  });
});

describe('the people an aggregate listing shows', () => {
  const grant = (resourceId: string, kind: 'user' | 'team', id: string, role: Role) => ({ resourceId, principal: { kind, id }, role });
  it("gives each person the rule's level from their role, their own grants and their teams' grants anywhere up the chain", () => {
    const grants = [grant('s1', 'user', 'ann', 'comment'), grant('c-top', 'team', 'writers', 'edit'), grant('c-mid', 'user', 'bob', 'admin')];
    const people = [
      { userId: 'ann', orgRole: 'edit' as const, teamIds: [] },
      { userId: 'bob', orgRole: null, teamIds: [] },
      { userId: 'cy', orgRole: 'read' as const, teamIds: ['writers'] },
      { userId: 'dee', orgRole: null, teamIds: [] },
    ];
    expect(peopleAccess(space, collections, grants, people)).toEqual([
      // ann: edit capped at the top collection's read, raised by her own comment grant on the space.
      { userId: 'ann', level: 'comment', origin: 'grant' },
      // bob: a guest with an admin grant on the middle collection.
      { userId: 'bob', level: 'admin', origin: 'grant' },
      // cy: a reader raised through their team's grant on the top collection.
      { userId: 'cy', level: 'edit', origin: 'grant' },
      // dee: a guest without grants sees nothing and is left out.
    ]);
  });
});
