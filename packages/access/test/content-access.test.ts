import { contentAccess, effectiveLevel, type AccessNode, type ContentAccessFacts } from '../src';

const node = (defaultLevel: AccessNode['defaultLevel'], ...grants: AccessNode['grants'][number][]): AccessNode => ({ defaultLevel, grants });

// The cases docs/permissions.md walks through, one row each: who, the chain (content first), the level, its origin.
const TABLE: Array<[string, ContentAccessFacts, ReturnType<typeof contentAccess>]> = [
  [
    'a member keeps their role when everything inherits',
    { orgRole: 'edit', chain: [node('inherit'), node('inherit')] },
    { level: 'edit', origin: 'organization' },
  ],
  ['a default level caps a member', { orgRole: 'create', chain: [node('read')] }, { level: 'read', origin: 'default' }],
  ['a default level never raises a member', { orgRole: 'comment', chain: [node('edit')] }, { level: 'comment', origin: 'organization' }],
  [
    'inherit follows the parent collection',
    { orgRole: 'edit', chain: [node('inherit'), node('comment'), node('read')] },
    { level: 'comment', origin: 'default' },
  ],
  ["the nearest default wins over a parent's", { orgRole: 'edit', chain: [node('review'), node('read')] }, { level: 'edit', origin: 'organization' }],
  ['a null default hides content from members', { orgRole: 'edit', chain: [node(null)] }, { level: null, origin: null }],
  ["a parent's null default hides what inherits", { orgRole: 'edit', chain: [node('inherit'), node(null)] }, { level: null, origin: null }],
  ['an organization admin is admin everywhere', { orgRole: 'admin', chain: [node(null)] }, { level: 'admin', origin: 'organization' }],
  ['a grant raises a capped member', { orgRole: 'edit', chain: [node('read', 'edit')] }, { level: 'edit', origin: 'grant' }],
  ['a grant opens private content to a member', { orgRole: 'read', chain: [node(null, 'comment')] }, { level: 'comment', origin: 'grant' }],
  ['a grant below the base level changes nothing', { orgRole: 'edit', chain: [node('inherit', 'read')] }, { level: 'edit', origin: 'organization' }],
  [
    "a collection's grant reaches the spaces inside",
    { orgRole: 'read', chain: [node('inherit'), node('inherit', 'review')] },
    { level: 'review', origin: 'grant' },
  ],
  [
    'the highest of user and team grants counts',
    { orgRole: null, chain: [node('inherit', 'read', 'edit'), node('inherit', 'comment')] },
    { level: 'edit', origin: 'grant' },
  ],
  ['a guest has only their grants', { orgRole: null, chain: [node('inherit', 'comment')] }, { level: 'comment', origin: 'grant' }],
  ['a guest without a grant has nothing', { orgRole: null, chain: [node('edit'), node('inherit')] }, { level: null, origin: null }],
  ['a grant may give admin of one space', { orgRole: 'read', chain: [node('inherit', 'admin')] }, { level: 'admin', origin: 'grant' }],
];

describe('the content permission rule', () => {
  it.each(TABLE)('%s', (_name, facts, expected) => {
    expect(contentAccess(facts)).toEqual(expected);
    expect(effectiveLevel(facts)).toBe(expected.level);
  });
});
