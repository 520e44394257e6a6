import { expectError, type ApiClient } from '../support/api';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { currentStack } from '../support/stack';

// Translation settings: the spec's TranslationSettings shape (the reference's
// Translation differs entirely); reference Translation fields in a body are validated and kept.

const stack = currentStack();
let org: OrgClient;
let reader: ApiClient;
let editor: ApiClient;
let outsider: ApiClient;

beforeAll(async () => {
  ({ org, reader, editor, outsider } = await buildRoleCast(stack, 'Translations org'));
});

const base = () => `/v1/orgs/${org.id}/translations`;

/** The spec's TranslationSettings: every field, with its type. */
function expectTranslationSettings(body: { id: string; title: string; createdAt: string; urls: { location: string } }): void {
  expect(body).toEqual(
    expect.objectContaining({
      object: 'translation-settings',
      id: expect.any(String),
      title: expect.any(String),
      languages: expect.any(Array),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      permissions: expect.objectContaining({ edit: expect.any(Boolean) }),
      urls: { location: expect.any(String) },
    }),
  );
  expect(body.title.length).toBeGreaterThanOrEqual(1);
  expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  expect(body.urls.location).toMatch(new RegExp(`/v1/orgs/${org.id}/translations/${body.id}$`));
}

describe('translation settings', () => {
  it('creates, lists, reads, replaces and deletes', async () => {
    const created = await org.api.post(base(), { title: 'French docs', languages: ['fr', 'pt-br'] });
    expect(created.status).toBe(201);
    expectTranslationSettings(created.body);
    expect(created.body).toMatchObject({ title: 'French docs', languages: ['fr', 'pt-br'], permissions: { view: true, edit: true } });
    const id = created.body.id;

    const list = await reader.get(base());
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, items: [{ id, title: 'French docs' }] });
    expect(list.body.items[0].permissions).toEqual({ view: true, edit: false });

    const replaced = await org.api.put(`${base()}/${id}`, { title: 'Français', languages: ['fr'] });
    expect(replaced.status).toBe(200);
    expectTranslationSettings(replaced.body);
    expect(replaced.body).toMatchObject({ title: 'Français', languages: ['fr'] });
    expect((await reader.get(`${base()}/${id}`)).body.title).toBe('Français');

    expect((await org.api.delete(`${base()}/${id}`)).status).toBe(205);
    expectError(await org.api.get(`${base()}/${id}`), 404);
    expectError(await org.api.delete(`${base()}/${id}`), 404);
  });

  it('keeps the reference Translation fields a body carries, validated', async () => {
    const instructions = {
      object: 'document',
      nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Formal tone' }] }] }],
    };
    const created = await org.api.post(base(), { title: 'German', source: { space: 'space1', language: 'en' }, language: 'de', instructions });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ source: { space: 'space1', language: 'en' }, language: 'de', instructions });
    // The reference's JSONDocument requires `data`: an answer has it even when the request left it out (found by schemathesis).
    expect(created.body.instructions.data).toEqual({});
    const versioned = await org.api.put(`${base()}/${created.body.id}`, { title: 'German', instructions: { ...instructions, data: { schemaVersion: 2 } } });
    expect(versioned.status).toBe(200);
    expect(versioned.body.instructions.data).toEqual({ schemaVersion: 2 });
    expectError(await org.api.post(base(), { title: 'x', instructions: { ...instructions, data: [] } }), 400, /"instructions.data"/);
    expectError(await org.api.post(base(), { title: 'x', language: 'klingon' }), 400, /"language"/);
    expectError(await org.api.post(base(), { title: 'x', source: { space: 'space1' } }), 400, /"source.language"/);
    expectError(await org.api.post(base(), { title: 'x', instructions: { nodes: [] } }), 400, /"instructions.object"/);
  });

  it('answers 400 naming the field for bad titles and languages', async () => {
    expectError(await org.api.post(base(), {}), 400, /"title"/);
    expectError(await org.api.post(base(), { title: '' }), 400, /"title"/);
    expectError(await org.api.post(base(), { title: 'x'.repeat(101) }), 400, /"title"/);
    expect((await org.api.post(base(), { title: '\u{1F600}'.repeat(100) })).status).toBe(201); // code points, not UTF-16 units
    expectError(await org.api.post(base(), { title: 'a\u0000b' }), 400, /"title".*NUL/);
    expectError(await org.api.post(base(), { title: 'x', languages: ['fr', 'fr'] }), 400, /"languages"/);
    expectError(await org.api.post(base(), { title: 'x', languages: ['xx'] }), 400, /"languages/);
    expectError(await org.api.get(`${base()}/%00`), 404);
    expectError(await org.api.get(`${base()}?limit=1001`), 400, /"limit"/);
  });

  it('lets members read, the create role manage, and hides settings from outsiders', async () => {
    const created = await org.api.post(base(), { title: 'Roles' });
    expectError(await editor.post(base(), { title: 'nope' }), 403);
    expectError(await reader.put(`${base()}/${created.body.id}`, { title: 'nope' }), 403);
    expectError(await outsider.get(base()), 404);
    expectError(await outsider.get(`${base()}/${created.body.id}`), 404);
  });
});
