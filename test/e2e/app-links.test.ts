import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiClient } from '../support/api';
import { buildOrganization } from '../support/factories';
import { currentStack, REPO_ROOT } from '../support/stack';

// Every `urls.app` link a presenter builds opens a page (no token needed) that says
// what the link names and links to its API address and to the documentation, instead of the JSON
// "No route" 404. Every link here is taken from an API answer, as a client would print it.

const stack = currentStack();
const PETSTORE = readFileSync(join(REPO_ROOT, 'test/fixtures/openapi/petstore.yaml'), 'utf8');

/** Each kind's `urls.app` link, the API path its page must point at, and the admin's token. */
const links: { kind: string; app: string; apiPath: string }[] = [];
let token: string;

beforeAll(async () => {
  const org = await buildOrganization(stack, 'App links');
  token = org.admin.token;
  const api = apiClient(stack, token);
  const ok = <T extends { status: number; body: unknown }>(res: T): T => {
    if (res.status >= 300) throw new Error(`setup failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  const orgBody = ok(await api.get(`/v1/orgs/${org.id}`)).body;
  links.push({ kind: 'organization', app: orgBody.urls.app, apiPath: `/v1/orgs/${org.id}` });

  const collection = ok(await api.post(`/v1/orgs/${org.id}/collections`, { title: 'Handbooks' })).body;
  links.push({ kind: 'collection', app: collection.urls.app, apiPath: `/v1/collections/${collection.id}` });

  const space = ok(await api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Handbook' })).body;
  links.push({ kind: 'space', app: space.urls.app, apiPath: `/v1/spaces/${space.id}` });

  const cr = ok(await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'First draft' })).body;
  links.push({ kind: 'change request', app: cr.urls.app, apiPath: `/v1/spaces/${space.id}/change-requests/${cr.number}` });

  const crPath = `/v1/spaces/${space.id}/change-requests/${cr.id}`;
  ok(await api.post(`${crPath}/content`, { changes: [{ operation: 'insert_page', document: { markdown: '# Install\n\nRun it.' } }] }));
  const page = ok(await api.get(`${crPath}/content/pages`)).body.pages.at(-1);
  links.push({ kind: 'page', app: page.urls.app, apiPath: `/v1/spaces/${space.id}/content/pages` });

  const revisionId: string = ok(await api.get(crPath)).body.revision;
  const revision = ok(await api.get(`/v1/spaces/${space.id}/revisions/${revisionId}`)).body;
  links.push({ kind: 'revision', app: revision.urls.app, apiPath: `/v1/spaces/${space.id}/revisions/${revisionId}` });

  const site = ok(await api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs site' })).body;
  links.push({ kind: 'site', app: site.urls.app, apiPath: `/v1/orgs/${org.id}/sites/${site.id}` });

  const spec = ok(await api.post(`/v1/orgs/${org.id}/openapi`, { slug: 'petstore', source: { text: PETSTORE } })).body;
  links.push({ kind: 'OpenAPI specification', app: spec.urls.app, apiPath: `/v1/orgs/${org.id}/openapi/petstore` });

  ok(await api.patch(`/v1/orgs/${org.id}`, { inviteLinks: true }));
  const invite = ok(await api.post(`/v1/orgs/${org.id}/link-invites`, { role: 'read' })).body;
  links.push({ kind: 'invitation link', app: invite.urls.app, apiPath: `/v1/orgs/${org.id}/link-invites` });
});

const KINDS = ['organization', 'collection', 'space', 'change request', 'page', 'revision', 'site', 'OpenAPI specification', 'invitation link'];

describe('urls.app links', () => {
  it.each(KINDS)('of a %s open a page, without a token, naming it and linking to its API address and the docs', async (kind) => {
    const link = links.find((l) => l.kind === kind);
    expect(link).toBeDefined();
    const { app, apiPath } = link!;
    expect(app.startsWith(`${stack.url}/`)).toBe(true);
    const res = await fetch(app);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await res.text();
    expect(html).toContain(`This link names a ${kind} in Quire`);
    expect(html).toContain(`href="${apiPath}"`);
    expect(html).toContain('href="/docs"');
    // The API address it names answers the resource to its owner.
    expect((await apiClient(stack, token).get(apiPath)).status).toBe(200);
  });

  it('answer the same page for a resource that does not exist: nothing leaks to a visitor', async () => {
    const space = links.find((l) => l.kind === 'space')!;
    const id = space.apiPath.split('/').at(-1)!;
    const real = await (await fetch(space.app)).text();
    const made = await (await fetch(space.app.replace(id, 'noSuchSpace000000000'))).text();
    expect(made.replaceAll('noSuchSpace000000000', 'X')).toBe(real.replaceAll(id, 'X'));
    // The invite's secret is not repeated on its page.
    const invite = links.find((l) => l.kind === 'invitation link')!;
    expect(await (await fetch(invite.app)).text()).not.toContain(invite.app.split('/').at(-1));
  });

  it('escape what the path holds', async () => {
    const res = await fetch(`${stack.url}/o/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E/s/x%22'%3E%3Cb%3E/docs%3Cscript%3E`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toMatch(/<img|<b>|<script|"'>/);
    expect(html).toContain('in space x&#34;&#39;&#62;&#60;b&#62;.');
    expect(html).toContain('The page at &#34;docs&#60;script&#62;&#34;');
  });
});
