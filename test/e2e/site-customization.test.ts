import type { GitBookAPI } from 'gitbook-api-0202';
import { DEFAULT_SITE_CUSTOMIZATION } from '@quire/publishing';
import { apiClient, expectError, type ApiClient } from '../support/api';
import { TodayLedger } from '../support/client-0202';
import { buildMember, buildOrganization, buildUser } from '../support/factories';
import { currentStack } from '../support/stack';

// A site's customization (getSiteCustomizationById, updateSiteCustomizationById)
// through today's client (0.202.0), every answer validated against its schemas: defaults until set,
// PUT replaces the whole settings (left-out fields revert to the defaults), the published profile
// answers the stored customization, roles, hostile input refused naming the field.

const stack = currentStack();
const ledger = new TodayLedger(stack);
let orgId: string;
let admin: GitBookAPI;
let raw: ApiClient;
let creator: GitBookAPI;
let reader: GitBookAPI;
let rawReader: ApiClient;
let stranger: ApiClient;
let siteId: string;

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Customization org');
  orgId = own.id;
  admin = ledger.client(own.admin.token);
  raw = apiClient(stack, own.admin.token);
  creator = ledger.client((await buildMember(stack, orgId, 'create')).token);
  const readerToken = (await buildMember(stack, orgId, 'read')).token;
  reader = ledger.client(readerToken);
  rawReader = apiClient(stack, readerToken);
  stranger = apiClient(stack, (await buildUser(stack, 'cz-stranger')).token);
  siteId = (await admin.orgs.createSite(orgId, { title: 'Branded docs' })).data.id;
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

describe('site customization', () => {
  it('answers the defaults, titled after the site, until something is stored', async () => {
    const { data } = await reader.orgs.getSiteCustomizationById(orgId, siteId);
    expect(data).toEqual({ ...DEFAULT_SITE_CUSTOMIZATION, title: 'Branded docs' });
    expect(data).not.toHaveProperty('updatedAt');
  });

  it('stores a PUT, answers it in the published profile, and a second PUT replaces it whole', async () => {
    const settings = {
      title: 'Acme 📘 Docs',
      styling: { ...DEFAULT_SITE_CUSTOMIZATION.styling, theme: 'bold' as const, primaryColor: { light: '#FF0000', dark: '#0f0' } },
      header: { preset: 'custom' as const, logo: { light: 'https://cdn.example.com/l.png', dark: 'https://cdn.example.com/d.png' }, links: [] },
      socialAccounts: [{ platform: 'github' as const, handle: 'acme', display: { footer: true, header: false } }],
    };
    const put = (await creator.orgs.updateSiteCustomizationById(orgId, siteId, settings as never)).data;
    expect(put).toMatchObject({
      title: 'Acme 📘 Docs',
      styling: { theme: 'bold', primaryColor: { light: '#FF0000', dark: '#0f0' } },
      header: { preset: 'custom' },
    });
    expect(typeof put.updatedAt).toBe('string');
    expect((await reader.orgs.getSiteCustomizationById(orgId, siteId)).data).toEqual(put);

    const published = (await admin.orgs.getPublishedContentSite(orgId, siteId)).data;
    const { updatedAt: _ignored, ...stored } = put;
    expect(published.customizations.site).toMatchObject(stored);

    const replaced = (await admin.orgs.updateSiteCustomizationById(orgId, siteId, { footer: { copyright: '© Acme' } } as never)).data;
    expect(replaced.title).toBe('Branded docs');
    expect(replaced.styling).toEqual(DEFAULT_SITE_CUSTOMIZATION.styling);
    expect(replaced.footer).toMatchObject({ copyright: '© Acme' });
    // A GET answer can be put back as it is.
    expect((await admin.orgs.updateSiteCustomizationById(orgId, siteId, replaced as never)).data.footer).toEqual(replaced.footer);
  });

  it('lets members read, creators write; readers get 403, a stranger 404', async () => {
    const path = `/v1/orgs/${orgId}/sites/${siteId}/customization`;
    expectError(await rawReader.put(path, {}), 403, /create/);
    expectError(await stranger.get(path), 404);
    expectError(await stranger.put(path, {}), 404);
  });

  it('refuses hostile input with 400 naming the field', async () => {
    const path = `/v1/orgs/${orgId}/sites/${siteId}/customization`;
    const refused = async (body: unknown, field: RegExp) => expectError(await raw.put(path, body), 400, field);
    await refused({ title: 'Nul\u0000title' }, /"title"/);
    await refused({ title: '\u{1F600}'.repeat(200) }, /"title"/);
    await refused({ title: 'x'.repeat(200_000) }, /"title"|at most/);
    await refused({ footer: { copyright: 'x'.repeat(300_000) } }, /at most/);
    await refused({ styling: { primaryColor: { light: 'red', dark: '#000' } } }, /styling\.primaryColor/);
    await refused({ styling: { tint: { color: { light: '#12345', dark: '#000' } } } }, /styling\.tint/);
    await refused({ header: { logo: { light: 'javascript:alert(1)', dark: 'https://x.example/a.png' } } }, /header\.logo/);
    await refused({ privacyPolicy: { url: 'ftp://x.example/p' } }, /privacyPolicy\.url/);
    // A link's address passes the pages' URL policy on its decoded form: a disguised scheme is no link to keep.
    await refused({ header: { links: [{ title: 'Docs', to: { kind: 'url', url: '%6Aavascript:alert(1)' } }] } }, /header\.links/);
    await refused(
      { footer: { groups: [{ title: 'More', links: [{ title: 'Docs', to: { kind: 'url', url: '&#106;avascript:alert(1)' } }] }] } },
      /footer\.groups/,
    );
    await refused({ styling: { theme: 'neon' } }, /styling\.theme/);
    await refused({ unknownSetting: 1 }, /unknownSetting/);
    await refused([1, 2], /body/);
    // Nothing of it was stored.
    expect((await admin.orgs.getSiteCustomizationById(orgId, siteId)).data.footer).toMatchObject({ copyright: '© Acme' });
  });
});
