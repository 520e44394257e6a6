import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { apiClient, type ApiClient } from '../support/api';
import { buildMember, buildOrganization } from '../support/factories';
import { ensureSchemathesis } from '../support/schemathesis';
import { currentStack, RATE_LIMIT_FOR_TESTS, REPO_ROOT } from '../support/stack';

// Issue #23 §4: schemathesis against the embedded mode, from the document the gateway serves at
// /openapi.json, with a real token and a real id for every path parameter. Any 5xx, any response
// the document does not declare (status, content type, body schema) and any request that does not
// answer within the timeout fails the test. The run has its own organization and admin, so
// whatever it creates, changes or deletes touches nothing the other tests use.

const stack = currentStack();
const OUT = join(REPO_ROOT, 'test-output/schemathesis');
/** A request that takes longer than this is a hang. */
const REQUEST_TIMEOUT_S = 20;
/** Below the test instance's limit per token per minute: a 429 would be the fuzzer's doing. */
const RATE_PER_MINUTE = Math.floor(RATE_LIMIT_FOR_TESTS * 0.9);

type Ids = Record<string, string>;

let fixture: Server;
let fixtureUrl: string;
let token: string;
let api: ApiClient;
/** The id each path parameter takes. */
let ids: Ids;
/** A second resource for the operations that delete one, so the rest keep theirs. */
let throwaway: Ids;

const ok = <T = Record<string, unknown>>(res: { status: number; text: string; body: T }, status: number, what: string): T => {
  if (res.status !== status) throw new Error(`fixture ${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
};

interface TreePage {
  id: string;
  title: string;
  pages?: TreePage[];
}
const flatten = (pages: TreePage[]): TreePage[] => pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);

/** One of each resource the document's path parameters name, and a second one to delete. */
async function createFixtures(orgId: string): Promise<{ ids: Ids; throwaway: Ids }> {
  const org = `/v1/orgs/${orgId}`;
  const [member, member2] = [await buildMember(stack, orgId, 'edit', 'fuzz-member'), await buildMember(stack, orgId, 'read', 'fuzz-member')];
  const post = async (path: string, body: unknown, status = 201) => ok(await api.post(path, body), status, `POST ${path}`) as Record<string, string>;
  const put = async (path: string, body: unknown, status = 201) => ok(await api.put(path, body), status, `PUT ${path}`) as Record<string, string>;

  const collection = await post(`${org}/collections`, { title: 'Fuzz collection' });
  const collection2 = await post(`${org}/collections`, { title: 'Fuzz collection to delete' });
  const spaces = [];
  for (const title of ['Fuzz space', 'Fuzz space to delete', 'Section space', 'Section space 2', 'Variant space', 'Variant space 2'])
    spaces.push(await post(`${org}/spaces`, { title }));
  const [space, space2] = spaces as [Record<string, string>, Record<string, string>];
  await post(`/v1/spaces/${space.id}/content/import`, { source: 'zip', url: `${fixtureUrl}/docs.zip` });
  const pages = flatten(ok(await api.get(`/v1/spaces/${space.id}/content/pages`), 200, 'pages').pages as TreePage[]);
  const files = ok(await api.get(`/v1/spaces/${space.id}/content/files`), 200, 'files').items as { id: string }[];
  const revision = ok(await api.get(`/v1/spaces/${space.id}`), 200, 'space').revision as string;

  const cr = await post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Fuzz change request' });
  const cr2 = await post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Fuzz change request to merge' });
  await post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/import`, { source: 'markdown', url: `${fixtureUrl}/draft.md` });
  const crPages = flatten(ok(await api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`), 200, 'CR pages').pages as TreePage[]);
  const comments = `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`;
  const comment = await post(comments, { body: { markdown: 'A comment' } }, 200);
  const comment2 = await post(comments, { body: { markdown: 'A comment to delete' } }, 200);
  const reply = await post(`${comments}/${comment.id}/replies`, { body: { markdown: 'A reply' } }, 200);
  const reply2 = await post(`${comments}/${comment.id}/replies`, { body: { markdown: 'A reply to delete' } }, 200);

  const field = await post(`${org}/custom-fields`, { name: 'fuzz_field', type: 'text' });
  const field2 = await post(`${org}/custom-fields`, { name: 'fuzz_field_2', type: 'text' });
  const invite = await post(`${org}/link-invites`, { role: 'read' });
  const invite2 = await post(`${org}/link-invites`, { role: 'read' });
  const petstore = readFileSync(join(REPO_ROOT, 'test/fixtures/openapi/petstore.yaml'), 'utf8');
  await post(`${org}/openapi`, { slug: 'fuzz-spec', source: { text: petstore } });
  await post(`${org}/openapi`, { slug: 'fuzz-spec-2', source: { text: petstore } });
  const versions = ok(await api.get(`${org}/openapi/fuzz-spec/versions`), 200, 'spec versions').items as { id: string }[];
  const saml = await post(`${org}/saml`, { label: 'Fuzz IdP' });
  const saml2 = await post(`${org}/saml`, { label: 'Fuzz IdP 2' });
  const team = await put(`${org}/teams`, { title: 'Fuzz team', members: [member.id, member2.id] });
  const team2 = await put(`${org}/teams`, { title: 'Fuzz team to delete' });
  const translation = await post(`${org}/translations`, { title: 'Fuzz translation', languages: ['fr'] });
  const translation2 = await post(`${org}/translations`, { title: 'Fuzz translation to delete' });

  const site = await post(`${org}/sites`, { title: 'Fuzz site' });
  const site2 = await post(`${org}/sites`, { title: 'Fuzz site to delete' });
  const sitePath = `${org}/sites/${site.id}`;
  const section = await post(`${sitePath}/sections`, { spaceId: spaces[2]!.id });
  const section2 = await post(`${sitePath}/sections`, { spaceId: spaces[3]!.id });
  const group = await post(`${sitePath}/section-groups`, { title: 'Fuzz group' });
  const group2 = await post(`${sitePath}/section-groups`, { title: 'Fuzz group to delete' });
  const siteSpace = await post(`${sitePath}/site-spaces`, { spaceId: spaces[4]!.id, sectionId: section.id });
  const siteSpace2 = await post(`${sitePath}/site-spaces`, { spaceId: spaces[5]!.id, sectionId: section.id });
  const shareLink = await post(`${sitePath}/share-links`, { name: 'Fuzz link' });
  const shareLink2 = await post(`${sitePath}/share-links`, { name: 'Fuzz link to delete' });

  return {
    ids: {
      organizationId: orgId,
      collectionId: collection.id,
      spaceId: space.id,
      pageId: pages[0]!.id,
      fileId: files[0]!.id,
      revisionId: revision,
      changeRequestId: cr.id,
      commentId: comment.id,
      commentReplyId: reply.id,
      fieldName: field.name,
      inviteId: invite.id,
      userId: member.id,
      specSlug: 'fuzz-spec',
      versionId: versions[0]!.id,
      samlProviderId: saml.id,
      teamId: team.id,
      translationSettingsId: translation.id,
      siteId: site.id,
      siteSectionId: section.id,
      siteSectionGroupId: group.id,
      siteSpaceId: siteSpace.id,
      shareLinkId: shareLink.id,
      emailDomain: 'example.com',
      scope: 'all',
    },
    throwaway: {
      collectionId: collection2.id,
      spaceId: space2.id,
      pageId: crPages.find((p) => p.title === 'Draft page')!.id,
      changeRequestId: cr2.id,
      commentId: comment2.id,
      commentReplyId: reply2.id,
      fieldName: field2.name,
      inviteId: invite2.id,
      userId: member2.id,
      specSlug: 'fuzz-spec-2',
      samlProviderId: saml2.id,
      teamId: team2.id,
      translationSettingsId: translation2.id,
      siteId: site2.id,
      siteSectionId: section2.id,
      siteSectionGroupId: group2.id,
      siteSpaceId: siteSpace2.id,
      shareLinkId: shareLink2.id,
    },
  };
}

beforeAll(async () => {
  ensureSchemathesis();
  const docsZip = readFileSync(join(REPO_ROOT, 'test/fixtures/import/zip/docs.zip'));
  fixture = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/docs.zip') return res.writeHead(200, { 'content-type': 'application/zip' }).end(docsZip);
    if (path === '/draft.md') return res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Draft page\n\nWords under review.\n');
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  const fuzzOrg = await buildOrganization(stack, 'Fuzz organization');
  token = fuzzOrg.admin.token;
  api = apiClient(stack, token);
  ({ ids, throwaway } = await createFixtures(fuzzOrg.id));
}, 900_000); // a fresh machine installs schemathesis from PyPI first
afterAll(async () => {
  if (!fixture) return;
  fixture.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

const toml = (value: string): string => JSON.stringify(value);
const tomlTable = (values: Ids): string => `{ ${Object.entries(values).map(([k, v]) => `${toml(k)} = ${toml(v)}`).join(', ')} }`;

it('fuzzes every operation of the document: no 5xx, no response outside the document, no hang', async () => {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'schemathesis.toml'), '');
}, 600_000);
