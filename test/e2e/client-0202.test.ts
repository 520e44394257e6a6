import { GitBookAPI } from 'gitbook-api-0202';
import { buildOrganization } from '../support/factories';
import { validateOperationResponse } from '../support/reference';
import { currentStack } from '../support/stack';

// Issue #24 §3: a user who installs the official client today gets @gitbook/api 0.202.0. The seed
// operations it still has, one family after another, called through its methods as such a user
// would, and every answer validated against 0.202.0's own schemas (besides the suite's checks
// against the 0.143.2 contract).

const stack = currentStack();

/**
 * What 0.202.0 made required that Quire does not answer yet, each with why: a ratchet, so that any
 * other difference fails and a gap that closes must leave this list. Next for issue #24 §3.
 */
const KNOWN_GAPS: Record<string, string> = {};
/** The other branches of a oneOf a missing field makes fail (a page that is no group, link or computed page; a revision of another type). */
const BRANCH_NOISE =
  /\/(kind|type): must be one of|missing required property "(target|computed|mergedFrom|sourceRevision)"|must match exactly one schema in oneOf/;

interface Call {
  operationId: string;
  call: () => Promise<{ status: number; data: unknown }>;
}

it("answers today's client (0.202.0) on the seed operations it still has, valid under its schemas but for the listed gaps", async () => {
  const { id: orgId, admin } = await buildOrganization(stack, 'Today client org');
  const api = new GitBookAPI({ authToken: admin.token, endpoint: stack.url });

  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Today' });
  const { data: collection } = await api.orgs.createCollection(orgId, { title: 'Shelf' });
  const { data: changeRequest } = await api.spaces.createChangeRequest(space.id, { subject: 'Draft' });
  await api.spaces.updateChangeRequestContent(space.id, changeRequest.id, { changes: [{ operation: 'insert_page', document: { markdown: '# Hello' } }] });
  const { data: site } = await api.orgs.createSite(orgId, { title: 'Docs site' });
  const { data: link } = await api.orgs.createSiteShareLink(orgId, site.id, { name: 'Partners' });

  const calls: Call[] = [
    { operationId: 'getAuthenticatedUser', call: () => api.user.getAuthenticatedUser() },
    { operationId: 'listOrganizationsForAuthenticatedUser', call: () => api.orgs.listOrganizationsForAuthenticatedUser() },
    { operationId: 'getOrganizationById', call: () => api.orgs.getOrganizationById(orgId) },
    { operationId: 'listSpacesInOrganizationById', call: () => api.orgs.listSpacesInOrganizationById(orgId) },
    { operationId: 'getSpaceById', call: () => api.spaces.getSpaceById(space.id) },
    { operationId: 'getCollectionById', call: () => api.collections.getCollectionById(collection.id) },
    { operationId: 'listChangeRequestsForSpace', call: () => api.spaces.listChangeRequestsForSpace(space.id, { orderBy: 'updatedAt' }) },
    { operationId: 'getChangeRequestById', call: () => api.spaces.getChangeRequestById(space.id, changeRequest.id) },
    { operationId: 'listPagesInChangeRequest', call: () => api.spaces.listPagesInChangeRequest(space.id, changeRequest.id) },
    { operationId: 'getCurrentRevision', call: () => api.spaces.getCurrentRevision(space.id) },
    { operationId: 'listPages', call: () => api.spaces.listPages(space.id) },
    { operationId: 'listSites', call: () => api.orgs.listSites(orgId) },
    { operationId: 'getSiteById', call: () => api.orgs.getSiteById(orgId, site.id) },
    { operationId: 'listSiteShareLinks', call: () => api.orgs.listSiteShareLinks(orgId, site.id, { search: 'partner' }) },
    { operationId: 'listTeamsInOrganizationById', call: () => api.orgs.listTeamsInOrganizationById(orgId) },
    { operationId: 'searchOrganizationContent', call: () => api.orgs.searchOrganizationContent(orgId, { query: 'hello' }) },
  ];
  const problems: string[] = [];
  for (const { operationId, call } of calls) {
    try {
      const { status, data } = await call();
      problems.push(...validateOperationResponse(operationId, status, data, { reference: '0.202.0' }));
    } catch (err) {
      problems.push(`${operationId}: ${(err as Error).message}`);
    }
  }
  // Only where a known gap sits inside a oneOf (a page, a revision) are the other branches' errors noise.
  const real = problems.filter((p) => !(/^(listPagesInChangeRequest|getCurrentRevision)\[200\]/.test(p) && BRANCH_NOISE.test(p)));
  expect(real.filter((p) => !KNOWN_GAPS[p])).toEqual([]);
  expect(Object.keys(KNOWN_GAPS).filter((gap) => !real.includes(gap))).toEqual([]);
  const links = await api.orgs.listSiteShareLinks(orgId, site.id, { search: 'partner' });
  expect(links.data.items.map((l: { id: string }) => l.id)).toEqual([link.id]);
});
