import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenAPISpecVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { eventually } from '../../support/eventually';
import { REPO_ROOT } from '../../support/stack';
import type { TodayContext } from './context';

const PETSTORE = readFileSync(join(REPO_ROOT, 'test/fixtures/openapi/petstore.yaml'), 'utf8');

/** OpenAPI specs and their versions, and translation settings, through today's client. */
export async function specsThroughToday({ api, orgId }: TodayContext): Promise<void> {
  const { data: spec } = await api.orgs.createOpenApiSpec(orgId, { slug: 'petstore', source: { text: PETSTORE } });
  expect(spec.slug).toBe('petstore');
  await eventually(async () => (await api.orgs.getOpenApiSpecBySlug(orgId, 'petstore')).data.processingState === 'complete', 20000);
  expect((await api.orgs.listOpenApiSpecs(orgId)).data.items.map((s) => [s.slug, s.lastProcessedErrorCount])).toEqual([['petstore', 0]]);
  // A private spec's content has no public address.
  expect((await api.orgs.getLatestOpenApiSpecVersionContent(orgId, 'petstore')).data.urls).toEqual({ source: expect.any(String), public: null });
  await api.orgs.createOrUpdateOpenApiSpecBySlug(orgId, 'petstore', { source: { text: PETSTORE.replace('version: 1.0.0', 'version: 2.0.0') } });
  expect((await api.orgs.updateOpenApiSpecBySlug(orgId, 'petstore', { visibility: OpenAPISpecVisibility.Public })).data.visibility).toBe('public');
  const { data: latest } = await api.orgs.getLatestOpenApiSpecVersion(orgId, 'petstore');
  expect((await api.orgs.listOpenApiSpecVersions(orgId, 'petstore')).data.items.map((v) => v.id)).toContain(latest.id);
  expect((await api.orgs.getOpenApiSpecVersionById(orgId, 'petstore', latest.id)).data.id).toBe(latest.id);
  await api.orgs.getOpenApiSpecVersionContentById(orgId, 'petstore', latest.id);
  const { data: content } = await api.orgs.getLatestOpenApiSpecVersionContent(orgId, 'petstore');
  expect(content.urls.public).toBe(content.urls.source);
  await api.orgs.deleteOpenApiSpecBySlug(orgId, 'petstore');

  await translationsThroughToday(api, orgId);
}

async function translationsThroughToday(api: GitBookAPI, orgId: string): Promise<void> {
  // Quire's translation settings are the spec's shape (a title and languages, docs/openapi.json's
  // TranslationSettings): the body today's client types is sent with the title the spec requires.
  type CreateBody = Parameters<GitBookAPI['orgs']['createTranslation']>[1];
  type UpdateBody = Parameters<GitBookAPI['orgs']['updateTranslation']>[2];
  const instructions = { object: 'document' as const, data: {}, nodes: [] };
  const created = { title: 'French docs', languages: ['fr'], source: { space: 'space1', language: 'en' }, language: 'fr' };
  const { data: translation } = await api.orgs.createTranslation(orgId, created as unknown as CreateBody);
  expect((await api.orgs.listTranslations(orgId)).data.items.map((t) => t.id)).toEqual([translation.id]);
  expect((await api.orgs.getTranslation(orgId, translation.id)).data.id).toBe(translation.id);
  await api.orgs.updateTranslation(orgId, translation.id, { title: 'Français', instructions } as unknown as UpdateBody);
  await api.orgs.deleteTranslation(orgId, translation.id);
}
