import { expectError, type ApiClient, type ApiResponse } from '../support/api';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { expectOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Hostile-input regression tests for the content service: NUL in stored texts and ids (A1, A2),
// lengths in code points (A7), `limit=0` (A8) and `__proto__` among a space's custom-field
// values (A14), on collections, spaces and custom fields. The bracketed labels name the describe blocks below.

const stack = currentStack();

let org: OrgClient;
let other: OrgClient;
let editor: ApiClient;

beforeAll(async () => {
  ({ org, other, editor } = await buildRoleCast(stack, 'Content hardening org'));
});

const collectionsPath = () => `/v1/orgs/${org.id}/collections`;
const spacesPath = () => `/v1/orgs/${org.id}/spaces`;
const fieldsPath = () => `/v1/orgs/${org.id}/custom-fields`;
const NUL = 'a\u0000b';
const EMOJI = '\u{1F600}';

async function createCollection(body: Record<string, unknown> = {}): Promise<{ id: string; title: string }> {
  const res = await org.api.post(collectionsPath(), body);
  expect(res.status).toBe(201);
  expectOperationResponse('createCollection', 201, res.body);
  return res.body;
}

async function createSpace(body: Record<string, unknown> = {}): Promise<{ id: string; title: string }> {
  const res = await org.api.post(spacesPath(), body);
  expect(res.status).toBe(201);
  expectOperationResponse('createSpace', 201, res.body);
  return res.body;
}

async function createField(body: Record<string, unknown>): Promise<{ name: string }> {
  const res = await org.api.post(fieldsPath(), body);
  expect(res.status).toBe(201);
  expectOperationResponse('createOrganizationCustomField', 201, res.body);
  return res.body;
}

/** A 400 or 404 with the error shape: anything but a 500. */
function expectRefused(res: ApiResponse): void {
  expect([400, 404]).toContain(res.status);
  expectError(res, res.status);
}

describe('NUL characters in bodies (A1)', () => {
  it('refuses NUL in collection titles, descriptions and the ids of moves and transfers with 400 naming the field', async () => {
    expectError(await org.api.post(collectionsPath(), { title: NUL }), 400, /"title".*NUL/);
    expectError(await org.api.post(collectionsPath(), { title: 'ok', parent: NUL }), 400, /"parent".*NUL/);
    const collection = await createCollection({ title: 'NUL checks' });
    const path = `/v1/collections/${collection.id}`;
    expectError(await org.api.patch(path, { title: NUL }), 400, /"title".*NUL/);
    expectError(await org.api.patch(path, { description: NUL }), 400, /"description".*NUL/);
    expectError(await org.api.post(`${path}/move`, { parent: NUL }), 400, /"parent".*NUL/);
    expectError(
      await org.api.post(`${path}/move`, { position: { before: { type: 'collection', collection: NUL } } }),
      400,
      /"position.before.collection".*NUL/,
    );
    expectError(await org.api.post(`${path}/transfer`, { organization: NUL }), 400, /"organization".*NUL/);
    expect((await org.api.get(path)).body.title).toBe('NUL checks');
  });

  it('refuses NUL in space titles, emoji, PATCH fields and the ids of moves and transfers with 400 naming the field', async () => {
    expectError(await org.api.post(spacesPath(), { title: NUL }), 400, /"title".*NUL/);
    expectError(await org.api.post(spacesPath(), { emoji: '\u0000' }), 400, /"emoji".*NUL/);
    const space = await createSpace({ title: 'NUL space' });
    const path = `/v1/spaces/${space.id}`;
    expectError(await org.api.patch(path, { title: NUL }), 400, /"title".*NUL/);
    expectError(await editor.patch(path, { title: NUL }), 400, /"title".*NUL/);
    expectError(await org.api.patch(path, { icon: `https://example.com/${NUL}` }), 400, /"icon".*NUL/);
    expectError(await org.api.post(`${path}/move`, { parent: NUL }), 400, /"parent".*NUL/);
    expectError(await org.api.post(`${path}/move`, { position: { after: { type: 'space', space: NUL } } }), 400, /"position.after.space".*NUL/);
    expectError(await org.api.post(`${path}/transfer`, { organization: NUL }), 400, /"organization".*NUL/);
    // A NUL in a key is named too (escaped, so the message stays printable).
    expectError(await org.api.patch(path, { [NUL]: 'x' }), 400, /"a\\u0000b".*NUL/);

    const read = await org.api.get(path);
    expect(read.status).toBe(200);
    expectOperationResponse('getSpaceById', 200, read.body);
    expect(read.body.title).toBe('NUL space');
  });

  it('refuses NUL in custom field names, titles, descriptions, placeholders, options and values with 400 naming the field', async () => {
    expectError(await org.api.post(fieldsPath(), { name: NUL, type: 'text' }), 400, /"name".*NUL/);
    for (const field of ['title', 'description', 'placeholder']) {
      expectError(await org.api.post(fieldsPath(), { name: 'nul-check', type: 'text', [field]: NUL }), 400, new RegExp(`"${field}".*NUL`));
    }
    expectError(await org.api.post(fieldsPath(), { name: 'nul-check', type: 'select:single', options: ['ok', NUL] }), 400, /"options.1".*NUL/);

    await createField({ name: 'nul-text', type: 'text' });
    await createField({ name: 'nul-tags', type: 'tags' });
    await createField({ name: 'nul-select', type: 'select:multi', options: ['a', 'b'] });
    expectError(await org.api.patch(`${fieldsPath()}/nul-text`, { title: NUL }), 400, /"title".*NUL/);
    expectError(await org.api.patch(`${fieldsPath()}/nul-select`, { options: ['a', NUL] }), 400, /"options.1".*NUL/);

    const space = await createSpace({ title: 'NUL values' });
    const values = `/v1/spaces/${space.id}/custom-fields`;
    expectError(await org.api.patch(values, { values: { 'nul-text': { value: NUL } } }), 400, /"values.nul-text.value".*NUL/);
    expectError(await org.api.patch(values, { values: { 'nul-tags': { value: ['ok', NUL] } } }), 400, /"values.nul-tags.value.1".*NUL/);
    expectError(await org.api.patch(values, { values: { 'nul-select': { value: [NUL] } } }), 400, /"values.nul-select.value.0".*NUL/);
    expectError(await org.api.patch(values, { values: { [NUL]: { value: 'x' } } }), 400, /"values.a\\u0000b".*NUL/);

    const read = await org.api.get(values);
    expect(read.status).toBe(200);
    expectOperationResponse('getSpaceCustomFields', 200, read.body);
    expect((read.body as { value?: unknown }[]).filter((v) => 'value' in v)).toEqual([]);
  });
});

describe('%00 in path ids and query filters (A2)', () => {
  it('answers 404 for %00 (or another malformed id) in every content path id', async () => {
    for (const path of [
      '/v1/spaces/%00',
      '/v1/spaces/%00/custom-fields',
      '/v1/collections/%00',
      '/v1/collections/%00/spaces',
      '/v1/orgs/%00/spaces',
      '/v1/orgs/%00/collections',
      '/v1/orgs/%00/custom-fields',
    ]) {
      expectError(await org.api.get(path), 404);
    }
    expectError(await org.api.patch('/v1/spaces/%00', { title: 'x' }), 404);
    expectError(await org.api.delete('/v1/spaces/%00'), 404);
    expectError(await org.api.post('/v1/spaces/%00/restore', {}), 404);
    expectError(await org.api.post('/v1/spaces/%00/duplicate', {}), 404);
    expectError(await org.api.post('/v1/spaces/a%20b/move', { parent: null }), 404);
    expectError(await org.api.patch('/v1/collections/%00', { title: 'x' }), 404);
    expectError(await org.api.delete('/v1/collections/%00'), 404);
    expectError(await org.api.post('/v1/collections/%00/transfer', { organization: other.id }), 404);

    // Custom field names have their own pattern: a name that cannot exist is as unknown as a missing one.
    for (const name of ['%00', 'a%00b', 'Upper', 'a%20b']) {
      expectError(await org.api.get(`${fieldsPath()}/${name}`), 404);
      expectError(await org.api.patch(`${fieldsPath()}/${name}`, { title: 'x' }), 404);
      expectError(await org.api.delete(`${fieldsPath()}/${name}`), 404);
    }
  });

  it('answers 400 naming the parameter for %00 in a query filter', async () => {
    const space = await createSpace({ title: 'Query NUL' });
    expectError(await org.api.get(`/v1/spaces/${space.id}?shareKey=%00`), 400, /"shareKey".*NUL/);
    expectError(await org.api.get(`${collectionsPath()}?nested=%00`), 400, /"nested"/);
    expectError(await org.api.get(`${collectionsPath()}?page=%00`), 400, /"page"/);
    expectError(await org.api.get(`${spacesPath()}?limit=%00`), 400, /"limit"/);
    expectError(await org.api.get(`${fieldsPath()}?page=%00`), 400, /"page"/);
    expectRefused(await org.api.get(`${spacesPath()}?unknown=%00`));
  });
});

describe('lengths in code points (A7)', () => {
  it('takes 50 emoji as a collection title and refuses 51', async () => {
    const collection = await createCollection({ title: EMOJI.repeat(50) });
    expect(collection.title).toBe(EMOJI.repeat(50));
    expectError(await org.api.post(collectionsPath(), { title: EMOJI.repeat(51) }), 400, /"title".*at most 50/);
    const described = await org.api.patch(`/v1/collections/${collection.id}`, { description: EMOJI.repeat(100) });
    expect(described.status).toBe(200);
    expectOperationResponse('updateCollectionById', 200, described.body);
    expectError(await org.api.patch(`/v1/collections/${collection.id}`, { description: EMOJI.repeat(101) }), 400, /"description".*at most 100/);
  });

  it('takes 50 emoji as a space title or emoji and refuses 51, on create and PATCH', async () => {
    const space = await createSpace({ title: EMOJI.repeat(50) });
    expect(space.title).toBe(EMOJI.repeat(50));
    expectError(await org.api.post(spacesPath(), { title: EMOJI.repeat(51) }), 400, /"title".*at most 50/);
    const patched = await org.api.patch(`/v1/spaces/${space.id}`, { title: `${EMOJI.repeat(49)}x` });
    expect(patched.status).toBe(200);
    expectOperationResponse('updateSpaceById', 200, patched.body);
    expectError(await org.api.patch(`/v1/spaces/${space.id}`, { title: EMOJI.repeat(51) }), 400, /"title".*at most 50/);

    const emoji = await org.api.patch(`/v1/spaces/${space.id}`, { emoji: EMOJI.repeat(50) });
    expect(emoji.status).toBe(200);
    expectOperationResponse('updateSpaceById', 200, emoji.body);
    expect(emoji.body.emoji).toBe(EMOJI.repeat(50));
    expectError(await org.api.post(spacesPath(), { emoji: EMOJI.repeat(51) }), 400, /"emoji".*at most 50/);
  });

  it('counts code points in custom field titles, options and text values', async () => {
    await createField({ name: 'emoji-title', type: 'select:single', title: EMOJI.repeat(100), options: [EMOJI.repeat(40)] });
    expectError(await org.api.post(fieldsPath(), { name: 'emoji-long', type: 'text', title: EMOJI.repeat(101) }), 400, /"title".*at most 100/);
    expectError(await org.api.post(fieldsPath(), { name: 'emoji-long', type: 'select:single', options: [EMOJI.repeat(41)] }), 400, /"options.0".*at most 40/);

    await createField({ name: 'emoji-text', type: 'text' });
    const space = await createSpace({ title: 'Emoji values' });
    const values = `/v1/spaces/${space.id}/custom-fields`;
    expect((await org.api.patch(values, { values: { 'emoji-text': { value: EMOJI.repeat(256) } } })).status).toBe(204);
    expectError(await org.api.patch(values, { values: { 'emoji-text': { value: EMOJI.repeat(257) } } }), 400, /"values.emoji-text.value".*at most 256/);
    const read = await org.api.get(values);
    expectOperationResponse('getSpaceCustomFields', 200, read.body);
    const entry = (read.body as { customField: { name: string }; value?: unknown }[]).find((v) => v.customField.name === 'emoji-text');
    expect(entry?.value).toBe(EMOJI.repeat(256));
  });
});

describe('limit=0 (A8)', () => {
  it('answers no items with the true count on every content list', async () => {
    const collection = await createCollection({ title: 'Limit zero' });
    expect((await org.api.post(spacesPath(), { title: 'In it', parent: collection.id })).status).toBe(201);
    await createField({ name: 'limit-zero', type: 'boolean' });

    for (const [path, operationId] of [
      [collectionsPath(), 'listCollectionsInOrganizationById'],
      [spacesPath(), 'listSpacesInOrganizationById'],
      [`/v1/collections/${collection.id}/spaces`, 'listSpacesInCollectionById'],
      [fieldsPath(), 'listOrganizationCustomFields'],
    ] as const) {
      const all = await org.api.get(path);
      expect(all.status).toBe(200);
      const res = await org.api.get(`${path}?limit=0`);
      expect(res.status).toBe(200);
      expectOperationResponse(operationId, 200, res.body);
      expect(res.body).toEqual({ count: all.body.count, items: [] });
      expect(res.body.count).toBeGreaterThan(0);
    }
    expectError(await org.api.get(`${spacesPath()}?limit=1001`), 400, /"limit"/);
    expectError(await org.api.get(`${collectionsPath()}?limit=-1`), 400, /"limit"/);
  });
});

describe('__proto__ among custom-field values (A14)', () => {
  it('refuses __proto__, constructor and prototype like every other unknown field name', async () => {
    await createField({ name: 'proto-check', type: 'text' });
    const space = await createSpace({ title: 'Proto values' });
    const values = `/v1/spaces/${space.id}/custom-fields`;
    // JSON.parse keeps "__proto__" as an own key; the body is sent as raw text so the client does not drop it.
    const body = (key: string) => `{"values":{"proto-check":{"value":"kept?"},"${key}":{"value":"x"}}}`;
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const res = await org.api.request('PATCH', values, { rawBody: body(key), headers: { 'content-type': 'application/json' } });
      expectError(res, 400, new RegExp(`"values.${key}": the organization has no custom field named "${key}"`));
    }
    const read = await org.api.get(values);
    expectOperationResponse('getSpaceCustomFields', 200, read.body);
    expect((read.body as { value?: unknown }[]).filter((v) => 'value' in v)).toEqual([]);
  });

  it('refuses __proto__ as the name of a new field (it could never hold a value)', async () => {
    expectError(await org.api.post(fieldsPath(), { name: '__proto__', type: 'text' }), 400, /"name".*__proto__/);
  });
});

describe('malformed and unknown ids in moves and transfers (A1, A2)', () => {
  it('answers 400 for an id that cannot be one and 404 for one that names nothing, never a 5xx', async () => {
    const collection = await createCollection({ title: 'Move ids' });
    const space = await createSpace({ title: 'Move ids' });
    for (const path of [`/v1/collections/${collection.id}`, `/v1/spaces/${space.id}`]) {
      for (const bad of ['%00', 'a b', '\u0000', '', 'x'.repeat(129)]) {
        expectError(await org.api.post(`${path}/move`, { parent: bad }), 400, /"parent"/);
        expectError(await org.api.post(`${path}/transfer`, { organization: bad }), 400, /"organization"/);
      }
      // Well-formed ids of nothing: a body naming no collection of the organization is a 400 on that
      // field; an unknown target organization is as unknown as one the caller cannot see (404).
      expectError(await org.api.post(`${path}/move`, { parent: 'no-such-collection' }), 400, /"parent".*no collection/);
      expectError(await org.api.post(`${path}/transfer`, { organization: 'no-such-org' }), 404);
    }
    expect((await org.api.get(`/v1/collections/${collection.id}`)).body.organization).toBe(org.id);
    expect((await org.api.get(`/v1/spaces/${space.id}`)).body.organization).toBe(org.id);
  });
});

describe('DELETE of what does not exist (A9)', () => {
  it('answers 404 for a space, collection or custom field that never existed', async () => {
    expectError(await org.api.delete('/v1/spaces/no-such-space'), 404, /not found/i);
    expectError(await org.api.delete('/v1/collections/no-such-collection'), 404, /not found/i);
    expectError(await org.api.delete(`${fieldsPath()}/no-such-field`), 404, /not found/i);
  });

  it('answers 404 for a collection deleted already and for a custom field deleted already', async () => {
    const collection = await createCollection({ title: 'Gone' });
    const deleted = await org.api.delete(`/v1/collections/${collection.id}`);
    expect(deleted.status).toBe(205);
    expectOperationResponse('deleteCollectionById', 205, deleted.text);
    expectError(await org.api.delete(`/v1/collections/${collection.id}`), 404);

    await createField({ name: 'gone-field', type: 'text' });
    expect((await org.api.delete(`${fieldsPath()}/gone-field`)).status).toBe(204);
    expectError(await org.api.delete(`${fieldsPath()}/gone-field`), 404);
  });
});
