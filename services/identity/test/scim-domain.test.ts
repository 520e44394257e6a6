import { projectAttributes } from '../src/modules/scim/domain/scim-attributes';
import { ScimError } from '../src/modules/scim/domain/scim-errors';
import { parseFilter } from '../src/modules/scim/domain/scim-filter';
import { matchesFilter } from '../src/modules/scim/domain/scim-match';
import { applyPatch } from '../src/modules/scim/domain/scim-patch';
import { listResponse } from '../src/modules/scim/domain/scim-representation';
import { provisionedRole, provisionedUserOf } from '../src/modules/scim/domain/scim-users';

const ada = {
  id: 'u1',
  userName: 'ada@example.com',
  externalId: 'Okta-1',
  displayName: 'Ada Lovelace',
  active: true,
  emails: [
    { value: 'ada@example.com', type: 'work', primary: true },
    { value: 'ada@home.example', type: 'home' },
  ],
  name: { givenName: 'Ada', familyName: 'Lovelace' },
};
const grace = { id: 'u2', userName: 'grace@example.com', externalId: 'okta-2', active: false, emails: [{ value: 'grace@example.com', type: 'work' }] };

const matches = (filter: string) => [ada, grace].filter((u) => matchesFilter(u, parseFilter(filter))).map((u) => u.id);

function scimTypeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof ScimError) return err.scimType;
    throw err;
  }
  return 'no error';
}

describe('SCIM filters (RFC 7644 §3.4.2.2)', () => {
  test.each([
    ['userName eq "ADA@example.com"', ['u1']],
    ['emails.value co "home"', ['u1']],
    ['emails co "grace"', ['u2']],
    ['userName sw "gr"', ['u2']],
    ['userName ew "example.com"', ['u1', 'u2']],
    ['externalId eq "okta-1"', []],
    ['externalId eq "Okta-1"', ['u1']],
    ['displayName pr', ['u1']],
    ['active eq false', ['u2']],
    ['userName ne "ada@example.com"', ['u2']],
    ['userName sw "ada" or userName sw "grace"', ['u1', 'u2']],
    ['userName sw "ada" and active eq true', ['u1']],
    ['userName sw "ada" and active eq false', []],
    ['not (userName sw "ada")', ['u2']],
    ['(userName sw "x" or userName sw "g") and active eq false', ['u2']],
    ['emails[type eq "home" and value co "ada"]', ['u1']],
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName eq "grace@example.com"', ['u2']],
    ['name.familyName eq "lovelace"', ['u1']],
    ['userName eq "a" or userName eq "b" and active eq true', []],
  ])('%s', (filter, expected) => {
    expect(matches(filter)).toEqual(expected);
  });

  test.each(['userName eq', 'userName zz "a"', '(userName eq "a"', 'userName eq "a" extra', 'emails[type eq "work"', '', 'userName eq unquoted'])(
    '"%s" is a 400 invalidFilter',
    (filter) => {
      expect(scimTypeOf(() => parseFilter(filter))).toBe('invalidFilter');
    },
  );
});

describe('SCIM PATCH (RFC 7644 §3.5.2)', () => {
  const group = { displayName: 'Eng', members: [{ value: 'u1' }, { value: 'u2' }] };

  test('add appends to a multi-valued attribute, without duplicates', () => {
    expect(applyPatch(group, [{ op: 'add', path: 'members', value: [{ value: 'u2' }, { value: 'u3' }] }]).members).toEqual([
      { value: 'u1' },
      { value: 'u2' },
      { value: 'u3' },
    ]);
  });

  test('remove with a value filter takes out the matching members only', () => {
    expect(applyPatch(group, [{ op: 'remove', path: 'members[value eq "u1"]' }]).members).toEqual([{ value: 'u2' }]);
  });

  test('remove with a value list (as Entra sends it) takes out those members', () => {
    expect(applyPatch(group, [{ op: 'Remove', path: 'members', value: [{ value: 'u2' }] }]).members).toEqual([{ value: 'u1' }]);
  });

  test('replace without a path merges attributes; replace of a sub-attribute through a filter changes only the match', () => {
    const patched = applyPatch(ada, [
      { op: 'Replace', value: { displayName: 'Countess', 'name.givenName': 'Augusta' } },
      { op: 'replace', path: 'emails[type eq "work"].value', value: 'countess@example.com' },
    ]);
    expect(patched.displayName).toBe('Countess');
    expect(patched.name).toEqual({ givenName: 'Augusta', familyName: 'Lovelace' });
    expect(patched.emails).toEqual([
      { value: 'countess@example.com', type: 'work', primary: true },
      { value: 'ada@home.example', type: 'home' },
    ]);
    expect(ada.displayName).toBe('Ada Lovelace');
  });

  test('replace of an attribute, case-insensitively named; remove of one', () => {
    expect(applyPatch(ada, [{ op: 'replace', path: 'ACTIVE', value: false }]).active).toBe(false);
    expect(applyPatch(ada, [{ op: 'remove', path: 'displayName' }])).not.toHaveProperty('displayName');
  });

  test('errors name their scimType', () => {
    expect(scimTypeOf(() => applyPatch(ada, [{ op: 'move', path: 'x', value: 1 }]))).toBe('invalidSyntax');
    expect(scimTypeOf(() => applyPatch(ada, [{ op: 'remove' }]))).toBe('noTarget');
    expect(scimTypeOf(() => applyPatch(ada, [{ op: 'replace', path: 'emails[type eq "other"].value', value: 'x' }]))).toBe('noTarget');
    expect(scimTypeOf(() => applyPatch(ada, [{ op: 'replace', path: 'bad path!', value: 1 }]))).toBe('invalidPath');
    expect(scimTypeOf(() => applyPatch(ada, [{ op: 'add', value: 'not an object' }]))).toBe('invalidValue');
  });
});

describe('SCIM users, lists and attributes', () => {
  test('the account is the primary e-mail, else userName when it is an address; Entra\'s "False" is false', () => {
    expect(provisionedUserOf(ada)).toEqual({ userName: 'ada@example.com', email: 'ada@example.com', displayName: 'Ada Lovelace', active: true });
    expect(provisionedUserOf({ userName: 'Grace@Example.com', active: 'False' })).toMatchObject({ email: 'grace@example.com', active: false });
    expect(provisionedUserOf({ userName: 'jdoe', name: { givenName: 'J', familyName: 'Doe' } })).toMatchObject({ email: null, displayName: 'J Doe' });
    expect(scimTypeOf(() => provisionedUserOf({ displayName: 'x' }))).toBe('invalidValue');
  });

  test('the role is the default, raised by mapped groups, never lowered by them', () => {
    expect(provisionedRole('read', { Editors: 'edit', Admins: 'admin' }, [])).toBe('read');
    expect(provisionedRole('read', { Editors: 'edit', Admins: 'admin' }, ['Editors'])).toBe('edit');
    expect(provisionedRole('read', { Editors: 'edit', Admins: 'admin' }, ['Editors', 'Admins'])).toBe('admin');
    expect(provisionedRole('edit', { Readers: 'read' }, ['Readers'])).toBe('edit');
  });

  test('lists page from a 1-based startIndex', () => {
    const list = listResponse([ada, grace], { filter: 'userName ew "example.com"', startIndex: 2, count: 5 });
    expect(list).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(list.Resources.map((r) => r.id)).toEqual(['u2']);
    expect(listResponse([ada, grace], { count: 0 })).toMatchObject({ totalResults: 2, itemsPerPage: 0, Resources: [] });
  });

  test('attributes keeps id and schemas; excludedAttributes drops sub-attributes too', () => {
    const user = { schemas: ['s'], ...ada };
    expect(projectAttributes(user, { attributes: 'userName,name.givenName' })).toEqual({
      schemas: ['s'],
      id: 'u1',
      userName: 'ada@example.com',
      name: { givenName: 'Ada' },
    });
    const without = projectAttributes(user, { excludedAttributes: 'emails.type,name' });
    expect(without).not.toHaveProperty('name');
    expect(without.emails).toEqual([{ value: 'ada@example.com', primary: true }, { value: 'ada@home.example' }]);
  });
});
