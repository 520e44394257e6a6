import { apiClient, expectError, type ApiResponse } from '../support/api';
import { buildMember, buildOrganization, buildUser, cli, unique, type TestUser } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Custom fields (shapes: @gitbook/api@0.91.0). Definitions belong to an organization; spaces hold
// values for them. Spaces are made through POST /v1/orgs/{org}/spaces like any client would.

const stack = currentStack();
const api = apiClient(stack);

const fieldsPath = (orgId: string) => `/v1/orgs/${orgId}/custom-fields`;
const fieldPath = (orgId: string, name: string) => `${fieldsPath(orgId)}/${name}`;
const valuesPath = (spaceId: string) => `/v1/spaces/${spaceId}/custom-fields`;

async function createField(orgId: string, token: string, body: Record<string, unknown>): Promise<ApiResponse> {
  const res = await api.post(fieldsPath(orgId), body, { token });
  expect(res.status).toBe(201);
  expectOperationResponse('createOrganizationCustomField', 201, res.body);
  return res;
}

async function createSpace(orgId: string, token: string, title = 'Space with fields'): Promise<string> {
  const res = await api.post(`/v1/orgs/${orgId}/spaces`, { title }, { token });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** The space's values by field name (fields without a value are left out). */
async function valuesOf(spaceId: string, token: string): Promise<Record<string, unknown>> {
  const res = await api.get(valuesPath(spaceId), { token });
  expect(res.status).toBe(200);
  expectOperationResponse('getSpaceCustomFields', 200, res.body);
  return Object.fromEntries(
    (res.body as { customField: { name: string }; value?: unknown }[]).filter((v) => 'value' in v).map((v) => [v.customField.name, v.value]),
  );
}

async function patchValues(spaceId: string, token: string, values: Record<string, { value?: unknown }>): Promise<ApiResponse> {
  return api.patch(valuesPath(spaceId), { values }, { token });
}

function expectNoContent(res: ApiResponse, operationId: string): void {
  expect(res.status).toBe(204);
  expect(res.text).toBe('');
  expectOperationResponse(operationId, 204, res.text);
}

describe('organization custom fields', () => {
  let orgId: string;
  let admin: TestUser;
  let reader: TestUser;
  let creator: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    ({ id: orgId, admin } = await buildOrganization(stack, 'Custom fields'));
    [reader, creator, outsider] = await Promise.all([buildMember(stack, orgId, 'read'), buildMember(stack, orgId, 'create'), buildUser(stack, 'outsider')]);
  });

  it('creates, reads, lists, updates and deletes a field', async () => {
    const created = await createField(orgId, admin.token, {
      name: 'audience',
      type: 'select:multi',
      title: 'Audience',
      description: 'Who reads it',
      placeholder: 'Pick some',
      options: ['devs', 'ops'],
    });
    const location = `${stack.url}/v1/orgs/${orgId}/custom-fields/audience`;
    expect(created.headers.get('location')).toBe(created.body.urls.location);
    expect(created.body).toMatchObject({
      name: 'audience',
      type: 'select:multi',
      title: 'Audience',
      description: 'Who reads it',
      placeholder: 'Pick some',
      options: ['devs', 'ops'],
    });
    expect(created.body.urls.location).toBe(location);
    expect(created.body.createdAt).toBe(created.body.updatedAt);

    const read = await api.get(fieldPath(orgId, 'audience'), { token: admin.token });
    expect(read.status).toBe(200);
    expectOperationResponse('getOrganizationCustomFieldByName', 200, read.body);
    expect(read.body).toEqual(created.body);

    const list = await api.get(fieldsPath(orgId), { token: admin.token });
    expect(list.status).toBe(200);
    expectOperationResponse('listOrganizationCustomFields', 200, list.body);
    expect(list.body.items.map((f: { id: string }) => f.id)).toContain(created.body.id);

    const patched = await api.patch(
      fieldPath(orgId, 'audience'),
      { title: 'Readers', description: '', options: ['devs', 'ops', 'execs'] },
      { token: admin.token },
    );
    expect(patched.status).toBe(200);
    expectOperationResponse('updateOrganizationCustomField', 200, patched.body);
    expect(patched.body).toMatchObject({
      id: created.body.id,
      name: 'audience',
      type: 'select:multi',
      title: 'Readers',
      description: '',
      placeholder: 'Pick some',
      options: ['devs', 'ops', 'execs'],
    });
    expect(Date.parse(patched.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.updatedAt));

    expectNoContent(await api.delete(fieldPath(orgId, 'audience'), { token: admin.token }), 'deleteOrganizationCustomField');
    expectError(await api.get(fieldPath(orgId, 'audience'), { token: admin.token }), 404, /audience/);
    expectError(await api.delete(fieldPath(orgId, 'audience'), { token: admin.token }), 404, /audience/);
    expectError(await api.patch(fieldPath(orgId, 'audience'), { title: 'x' }, { token: admin.token }), 404, /audience/);
  });

  it('fills title, description and placeholder with empty strings and shows options only on select fields', async () => {
    for (const type of ['text', 'number', 'boolean', 'tags']) {
      const res = await createField(orgId, admin.token, { name: `plain-${type}`, type });
      expect(res.body).toEqual(expect.objectContaining({ name: `plain-${type}`, type, title: '', description: '', placeholder: '' }));
      expect(res.body).not.toHaveProperty('options');
    }
    const single = await createField(orgId, admin.token, { name: 'plain-single', type: 'select:single', options: ['one'] });
    expect(single.body.options).toEqual(['one']);
  });

  it('answers 409 for a name the organization already uses, and allows it in another organization', async () => {
    await createField(orgId, admin.token, { name: 'owner', type: 'text' });
    expectError(await api.post(fieldsPath(orgId), { name: 'owner', type: 'number' }, { token: admin.token }), 409, /"name".*owner/);
    const other = await buildOrganization(stack, 'Other custom fields');
    await createField(other.id, other.admin.token, { name: 'owner', type: 'number' });
  });

  it.each([
    [{ type: 'text' }, 'name'],
    [{ name: '', type: 'text' }, 'name'],
    [{ name: 'x'.repeat(51), type: 'text' }, 'name'],
    [{ name: 'Has-Upper', type: 'text' }, 'name'],
    [{ name: 'has space', type: 'text' }, 'name'],
    [{ name: 'dot.ted', type: 'text' }, 'name'],
    [{ name: 42, type: 'text' }, 'name'],
    [{ name: 'no-type' }, 'type'],
    [{ name: 'bad-type', type: 'date' }, 'type'],
    [{ name: 'long-title', type: 'text', title: 'x'.repeat(101) }, 'title'],
    [{ name: 'long-description', type: 'text', description: 'x'.repeat(201) }, 'description'],
    [{ name: 'long-placeholder', type: 'text', placeholder: 'x'.repeat(101) }, 'placeholder'],
    [{ name: 'no-options', type: 'select:single' }, 'options'],
    [{ name: 'no-options-multi', type: 'select:multi' }, 'options'],
    [{ name: 'empty-options', type: 'select:single', options: [] }, 'options'],
    [{ name: 'many-options', type: 'select:single', options: Array.from({ length: 51 }, (_, i) => `o${i}`) }, 'options'],
    [{ name: 'repeated-options', type: 'select:single', options: ['a', 'b', 'a'] }, 'options'],
    [{ name: 'empty-option', type: 'select:single', options: ['a', ''] }, 'options.1'],
    [{ name: 'long-option', type: 'select:single', options: ['x'.repeat(41)] }, 'options.0'],
    [{ name: 'options-on-text', type: 'text', options: ['a'] }, 'options'],
    [{ name: 'extra', type: 'text', color: 'red' }, 'body'],
  ])('answers 400 to POST %j naming "%s"', async (body, field) => {
    const res = await api.post(fieldsPath(orgId), body, { token: admin.token });
    expectError(res, 400, new RegExp(`"${field.replace('.', '\\.')}"`));
  });

  it('accepts every limit at its bound', async () => {
    const name = `${unique()}-_`.padEnd(50, 'z').toLowerCase();
    const res = await createField(orgId, admin.token, {
      name,
      type: 'select:single',
      title: 't'.repeat(100),
      description: 'd'.repeat(200),
      placeholder: 'p'.repeat(100),
      options: Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(40, 'o')),
    });
    expect(res.body.name).toBe(name);
    expect(res.body.options).toHaveLength(50);
    // PATCH answers 400 naming the field too.
    for (const [body, field] of [
      [{ title: 'x'.repeat(101) }, 'title'],
      [{ description: 'x'.repeat(201) }, 'description'],
      [{ placeholder: 'x'.repeat(101) }, 'placeholder'],
      [{ options: [] }, 'options'],
      [{ options: ['a', 'a'] }, 'options'],
    ] as const) {
      expectError(await api.patch(fieldPath(orgId, name), body, { token: admin.token }), 400, new RegExp(`"${field}"`));
    }
  });

  it('keeps name and type for life and refuses options on a field that is not a select', async () => {
    await createField(orgId, admin.token, { name: 'fixed', type: 'text' });
    expectError(await api.patch(fieldPath(orgId, 'fixed'), { type: 'number' }, { token: admin.token }), 400, /type/);
    expectError(await api.patch(fieldPath(orgId, 'fixed'), { name: 'renamed' }, { token: admin.token }), 400, /name/);
    expectError(await api.patch(fieldPath(orgId, 'fixed'), { options: ['a'] }, { token: admin.token }), 400, /"options"/);
    const unchanged = await api.patch(fieldPath(orgId, 'fixed'), {}, { token: admin.token });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ name: 'fixed', type: 'text' });
  });

  it('pages through the fields in creation order', async () => {
    const { id, admin: owner } = await buildOrganization(stack, 'Paged fields');
    const names = ['charlie', 'alpha', 'bravo', 'echo', 'delta'];
    for (const name of names) await createField(id, owner.token, { name, type: 'text' });
    const seen: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const res = await api.get(`${fieldsPath(id)}?limit=2${page ? `&page=${encodeURIComponent(page)}` : ''}`, { token: owner.token });
      expect(res.status).toBe(200);
      expectOperationResponse('listOrganizationCustomFields', 200, res.body);
      expect(res.body.count).toBe(5);
      seen.push(...res.body.items.map((f: { name: string }) => f.name));
      page = res.body.next?.page;
      pages++;
    } while (page);
    expect(pages).toBe(3);
    expect(seen).toEqual(names);
    expect((await api.get(`${fieldsPath(id)}?limit=0`, { token: owner.token })).body).toEqual({ count: 5, items: [] });
    expectError(await api.get(`${fieldsPath(id)}?limit=1001`, { token: owner.token }), 400, /"limit"/);
  });

  it('lets any member list and read, and only admins create, change and delete', async () => {
    await createField(orgId, admin.token, { name: 'guarded', type: 'boolean' });
    for (const member of [reader, creator]) {
      const list = await api.get(fieldsPath(orgId), { token: member.token });
      expect(list.status).toBe(200);
      expectOperationResponse('listOrganizationCustomFields', 200, list.body);
      const read = await api.get(fieldPath(orgId, 'guarded'), { token: member.token });
      expect(read.status).toBe(200);
      expectError(await api.post(fieldsPath(orgId), { name: `by-${unique()}`, type: 'text' }, { token: member.token }), 403);
      expectError(await api.patch(fieldPath(orgId, 'guarded'), { title: 'Mine' }, { token: member.token }), 403);
      expectError(await api.delete(fieldPath(orgId, 'guarded'), { token: member.token }), 403);
    }
    expect((await api.get(fieldPath(orgId, 'guarded'), { token: admin.token })).body.title).toBe('');
  });

  it('answers 404 to a non-member on every operation, the same as for an unknown organization', async () => {
    const token = outsider.token;
    expectError(await api.get(fieldsPath(orgId), { token }), 404);
    expectError(await api.post(fieldsPath(orgId), { name: 'sneaky', type: 'text' }, { token }), 404);
    expectError(await api.get(fieldPath(orgId, 'guarded'), { token }), 404);
    expectError(await api.patch(fieldPath(orgId, 'guarded'), { title: 'x' }, { token }), 404);
    expectError(await api.delete(fieldPath(orgId, 'guarded'), { token }), 404);
    expectError(await api.get(fieldsPath('noSuchOrganization00'), { token: admin.token }), 404);
  });
});

// Needs the spaces API (POST /v1/orgs/{org}/spaces, PATCH and DELETE /v1/spaces/{id}).
describe('space custom field values', () => {
  let orgId: string;
  let admin: TestUser;
  let reader: TestUser;
  let editor: TestUser;
  let outsider: TestUser;
  let spaceId: string;

  beforeAll(async () => {
    ({ id: orgId, admin } = await buildOrganization(stack, 'Space values'));
    [reader, editor, outsider] = await Promise.all([buildMember(stack, orgId, 'read'), buildMember(stack, orgId, 'edit'), buildUser(stack, 'outsider')]);
    await createField(orgId, admin.token, { name: 'summary', type: 'text', title: 'Summary' });
    await createField(orgId, admin.token, { name: 'score', type: 'number' });
    await createField(orgId, admin.token, { name: 'public', type: 'boolean' });
    await createField(orgId, admin.token, { name: 'labels', type: 'tags' });
    await createField(orgId, admin.token, { name: 'stage', type: 'select:single', options: ['draft', 'review', 'final'] });
    await createField(orgId, admin.token, { name: 'teams', type: 'select:multi', options: ['web', 'api', 'ops'] });
    spaceId = await createSpace(orgId, admin.token);
  });

  it('lists every field of the organization, without a value until one is set', async () => {
    const res = await api.get(valuesPath(spaceId), { token: admin.token });
    expect(res.status).toBe(200);
    expectOperationResponse('getSpaceCustomFields', 200, res.body);
    expect(res.body.map((v: { customField: { name: string } }) => v.customField.name)).toEqual(['summary', 'score', 'public', 'labels', 'stage', 'teams']);
    expect(res.body.every((v: object) => !('value' in v))).toBe(true);
    expect(res.body[0].customField).toMatchObject({ name: 'summary', title: 'Summary', type: 'text' });
  });

  it('sets a value of every type, keeps the others, and clears with null', async () => {
    const all = {
      summary: { value: 'Hello' },
      score: { value: 0 },
      public: { value: false },
      labels: { value: ['a', 'b'] },
      stage: { value: 'draft' },
      teams: { value: ['api', 'web'] },
    };
    expectNoContent(await patchValues(spaceId, admin.token, all), 'updateSpaceCustomFields');
    expect(await valuesOf(spaceId, admin.token)).toEqual({
      summary: 'Hello',
      score: 0,
      public: false,
      labels: ['a', 'b'],
      stage: 'draft',
      teams: ['api', 'web'],
    });

    expectNoContent(
      await patchValues(spaceId, admin.token, { score: { value: -2.5 }, summary: { value: null }, labels: { value: [] } }),
      'updateSpaceCustomFields',
    );
    expect(await valuesOf(spaceId, admin.token)).toEqual({ score: -2.5, public: false, stage: 'draft', teams: ['api', 'web'] });
  });

  it.each([
    ['summary', 'x'.repeat(257)],
    ['summary', 12],
    ['score', '12'],
    ['score', true],
    ['public', 'yes'],
    ['labels', 'a'],
    ['labels', ['a', 'a']],
    ['labels', [1]],
    ['stage', 'published'],
    ['stage', ['draft']],
    ['teams', ['web', 'docs']],
    ['teams', 'web'],
    ['teams', ['web', 'web']],
  ])('answers 400 naming values.%s.value for %j and changes nothing', async (name, value) => {
    const before = await valuesOf(spaceId, admin.token);
    const res = await patchValues(spaceId, admin.token, { public: { value: true }, [name]: { value } });
    expectError(res, 400, new RegExp(`"values\\.${name}\\.value`));
    expect(await valuesOf(spaceId, admin.token)).toEqual(before);
  });

  it('answers 400 naming an unknown field, a missing value and a missing values object', async () => {
    expectError(await patchValues(spaceId, admin.token, { score: { value: 1 }, nonexistent: { value: 'x' } }), 400, /"values\.nonexistent".*nonexistent/);
    expectError(await patchValues(spaceId, admin.token, { score: {} }), 400, /"values\.score\.value": is required/);
    expectError(await api.patch(valuesPath(spaceId), {}, { token: admin.token }), 400, /"values"/);
    expectError(await api.patch(valuesPath(spaceId), { values: { score: { value: 1, extra: 2 } } }, { token: admin.token }), 400, /values\.score/);
  });

  it('prunes values that a new set of options no longer allows', async () => {
    const other = await createSpace(orgId, admin.token, 'Pruned');
    expectNoContent(await patchValues(other, admin.token, { stage: { value: 'review' }, teams: { value: ['ops', 'api'] } }), 'updateSpaceCustomFields');
    const res = await api.patch(fieldPath(orgId, 'stage'), { options: ['draft', 'final'] }, { token: admin.token });
    expect(res.status).toBe(200);
    await api.patch(fieldPath(orgId, 'teams'), { options: ['web', 'api', 'docs'] }, { token: admin.token });
    expect(await valuesOf(other, admin.token)).toEqual({ teams: ['api'] });
    // The first space's "draft" is still an option.
    expect((await valuesOf(spaceId, admin.token)).stage).toBe('draft');
  });

  it("removes a field's values with the field", async () => {
    await createField(orgId, admin.token, { name: 'temporary', type: 'text' });
    expectNoContent(await patchValues(spaceId, admin.token, { temporary: { value: 'soon gone' } }), 'updateSpaceCustomFields');
    expect((await valuesOf(spaceId, admin.token)).temporary).toBe('soon gone');
    expectNoContent(await api.delete(fieldPath(orgId, 'temporary'), { token: admin.token }), 'deleteOrganizationCustomField');
    expect(await valuesOf(spaceId, admin.token)).not.toHaveProperty('temporary');
    await createField(orgId, admin.token, { name: 'temporary', type: 'text' });
    expect(await valuesOf(spaceId, admin.token)).not.toHaveProperty('temporary');
  });

  it('needs read level to see values and edit level to change them; non-members get 404', async () => {
    // Let the space's level follow the member's role up to edit.
    const level = await api.patch(`/v1/spaces/${spaceId}`, { defaultLevel: 'edit' }, { token: admin.token });
    expect(level.status).toBe(200);
    expect(await valuesOf(spaceId, reader.token)).toEqual(await valuesOf(spaceId, admin.token));
    expectError(await patchValues(spaceId, reader.token, { score: { value: 99 } }), 403);
    expectNoContent(await patchValues(spaceId, editor.token, { score: { value: 5 } }), 'updateSpaceCustomFields');
    expect((await valuesOf(spaceId, reader.token)).score).toBe(5);

    expectError(await api.get(valuesPath(spaceId), { token: outsider.token }), 404);
    expectError(await patchValues(spaceId, outsider.token, { score: { value: 1 } }), 404);
    expectError(await api.get(valuesPath('noSuchSpace000000000'), { token: admin.token }), 404);
    expectError(await patchValues('noSuchSpace000000000', admin.token, { score: { value: 1 } }), 404);
  });

  it('answers 404 for a deleted space', async () => {
    const doomed = await createSpace(orgId, admin.token, 'Doomed');
    expectNoContent(await patchValues(doomed, admin.token, { score: { value: 1 } }), 'updateSpaceCustomFields');
    const deleted = await api.delete(`/v1/spaces/${doomed}`, { token: admin.token });
    expect(deleted.status).toBeLessThan(300);
    expectError(await api.get(valuesPath(doomed), { token: admin.token }), 404);
    expectError(await patchValues(doomed, admin.token, { score: { value: 2 } }), 404);
  });

  it('keeps values on a duplicate', async () => {
    const original = await createSpace(orgId, admin.token, 'Original');
    expectNoContent(await patchValues(original, admin.token, { labels: { value: ['x'] }, stage: { value: 'final' } }), 'updateSpaceCustomFields');
    const copy = await api.post(`/v1/spaces/${original}/duplicate`, undefined, { token: admin.token });
    expect(copy.status).toBeLessThan(300);
    expect(copy.body.id).not.toBe(original);
    expect(await valuesOf(copy.body.id, admin.token)).toEqual({ labels: ['x'], stage: 'final' });
  });

  it("moves values on transfer to the target organization's fields of the same name and type", async () => {
    const target = await buildOrganization(stack, 'Transfer target');
    await cli(stack, 'members', 'add', '--org', target.id, '--email', admin.email, '--role', 'admin');
    await createField(target.id, target.admin.token, { name: 'summary', type: 'text' });
    await createField(target.id, target.admin.token, { name: 'score', type: 'text' }); // same name, other type: dropped
    await createField(target.id, target.admin.token, { name: 'teams', type: 'select:multi', options: ['api', 'docs'] });
    await createField(target.id, target.admin.token, { name: 'stage', type: 'select:single', options: ['final'] });

    const moving = await createSpace(orgId, admin.token, 'Moving');
    expectNoContent(
      await patchValues(moving, admin.token, {
        summary: { value: 'Kept' },
        score: { value: 3 },
        teams: { value: ['web', 'api'] },
        stage: { value: 'draft' },
        public: { value: true },
      }),
      'updateSpaceCustomFields',
    );
    const res = await api.post(`/v1/spaces/${moving}/transfer`, { organization: target.id }, { token: admin.token });
    expect(res.status).toBeLessThan(300);
    expect(await valuesOf(moving, admin.token)).toEqual({ summary: 'Kept', teams: ['api'] });
    const names = (await api.get(valuesPath(moving), { token: admin.token })).body.map((v: { customField: { name: string } }) => v.customField.name);
    expect(names).toEqual(['summary', 'score', 'teams', 'stage']);
  });
});
