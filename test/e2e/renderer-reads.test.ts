import type { GitBookAPI } from 'gitbook-api-0202';
import { TodayLedger } from '../support/client-0202';
import { buildMember, buildOrganization, buildUser } from '../support/factories';
import { currentStack } from '../support/stack';

// The content reads GitBook's renderer makes that Quire lacked, through today's client
// (0.202.0) with every answer validated against its schemas: a page by its percent-encoded path
// (space, revision and change-request forms), a page's meta links (the same three), and a page's
// document in a revision.

const stack = currentStack();
const ledger = new TodayLedger(stack);
let admin: GitBookAPI;
let reader: GitBookAPI;
let stranger: GitBookAPI;
let content: { spaceId: string; revisionId: string; crId: string; crRevision: string; guidesId: string; installId: string; linuxId: string };

/** What a refused call answered (today's client throws GitBookAPIError with the status as `code`). */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    return (error as { code?: number }).code ?? 0;
  }
}

/** One page inserted by a batch edit (compat=false), its id. */
async function insertPage(spaceId: string, crId: string, change: Record<string, unknown>): Promise<string> {
  const { data } = await admin.spaces.updateChangeRequestContent(
    spaceId,
    crId,
    { changes: [{ operation: 'insert_page', ...change } as never] },
    { compat: false },
  );
  return (data as unknown as { changes: { page: { id: string } }[] }).changes[0]!.page.id;
}

beforeAll(async () => {
  const { id: orgId, admin: owner } = await buildOrganization(stack, 'Renderer reads org');
  admin = ledger.client(owner.token);
  reader = ledger.client((await buildMember(stack, orgId, 'read')).token);
  stranger = ledger.client((await buildUser(stack, 'stranger')).token);
  const { data: space } = await admin.orgs.createSpace(orgId, { title: 'Renderer' });
  const { data: first } = await admin.spaces.createChangeRequest(space.id, { subject: 'Nested pages' });
  const guidesId = await insertPage(space.id, first.id, { title: 'Guides', document: { markdown: 'All the guides.' } });
  const installId = await insertPage(space.id, first.id, { title: 'Install', into: guidesId, document: { markdown: 'How to install.' } });
  const linuxId = await insertPage(space.id, first.id, { title: 'On Linux', into: installId, document: { markdown: 'Run **apt** first.' } });
  await admin.spaces.mergeChangeRequest(space.id, first.id);
  const { data: merged } = await admin.spaces.getSpaceById(space.id);
  const { data: second } = await admin.spaces.createChangeRequest(space.id, { subject: 'Draft page' });
  await insertPage(space.id, second.id, { title: 'Draft only', into: guidesId, document: { markdown: 'Not merged yet.' } });
  const { data: cr } = await admin.spaces.getChangeRequestById(space.id, second.id);
  content = { spaceId: space.id, revisionId: merged.revision, crId: second.id, crRevision: cr.revision, guidesId, installId, linuxId };
});

/** Problems 0.202.0's schemas find in the answers that succeeded (refusals are asserted by status). */
const answerProblems = () => ledger.calls.filter((c) => c.status < 300).flatMap((c) => c.problems);
afterAll(() => {
  expect(answerProblems()).toEqual([]);
  // The ledger named each call by 0.202.0's paths, so every answer above was validated as that operation.
  const called = ledger.operationIds();
  for (const id of [
    'getPageByPath',
    'getPageInRevisionByPath',
    'getPageInChangeRequestByPath',
    'getPageDocumentInRevisionById',
    'listSpacePageMetaLinks',
    'listRevisionPageMetaLinks',
    'listChangeRequestPageMetaLinks',
  ])
    expect(called).toContain(id);
});

describe('getPageByPath, getPageInRevisionByPath, getPageInChangeRequestByPath', () => {
  it('finds nested pages by their percent-encoded path in main, a revision and a change request', async () => {
    const { spaceId, revisionId, crId, linuxId, guidesId } = content;
    const nested = encodeURIComponent('guides/install/on-linux');
    const { data: inMain } = await admin.spaces.getPageByPath(spaceId, nested);
    expect(inMain).toMatchObject({ id: linuxId, title: 'On Linux', path: 'guides/install/on-linux', markdown: 'Run **apt** first.' });
    const { data: inRevision } = await reader.spaces.getPageInRevisionByPath(spaceId, revisionId, nested, { format: 'document' });
    expect(inRevision).toMatchObject({ id: linuxId, document: { object: 'document' } });
    expect(JSON.stringify(inRevision)).toContain('apt');
    // A leading slash is the same path; a top-level page is one segment.
    expect((await admin.spaces.getPageByPath(spaceId, encodeURIComponent('/guides'))).data.id).toBe(guidesId);
    // The change request's form reads the change request's revision: its draft page is there, not in main.
    const draft = encodeURIComponent('guides/draft-only');
    const { data: inCr } = await reader.spaces.getPageInChangeRequestByPath(spaceId, crId, draft, { format: 'markdown' });
    expect(inCr).toMatchObject({ title: 'Draft only', markdown: 'Not merged yet.' });
    expect(await statusOf(admin.spaces.getPageByPath(spaceId, draft))).toBe(404);
    expect(await statusOf(admin.spaces.getPageInRevisionByPath(spaceId, revisionId, draft))).toBe(404);
  });

  it('answers 404 for an unknown path and for a stranger', async () => {
    const { spaceId, revisionId, crId } = content;
    expect(await statusOf(admin.spaces.getPageByPath(spaceId, encodeURIComponent('guides/nowhere')))).toBe(404);
    expect(await statusOf(admin.spaces.getPageInRevisionByPath(spaceId, revisionId, 'nowhere'))).toBe(404);
    expect(await statusOf(admin.spaces.getPageInChangeRequestByPath(spaceId, crId, encodeURIComponent('on-linux')))).toBe(404);
    const nested = encodeURIComponent('guides/install');
    expect(await statusOf(stranger.spaces.getPageByPath(spaceId, nested))).toBe(404);
    expect(await statusOf(stranger.spaces.getPageInRevisionByPath(spaceId, revisionId, nested))).toBe(404);
    expect(await statusOf(stranger.spaces.getPageInChangeRequestByPath(spaceId, crId, nested))).toBe(404);
  });
});

describe('getPageDocumentInRevisionById', () => {
  it("answers the page's JSONDocument, the same with evaluated and dereferenced", async () => {
    const { spaceId, revisionId, linuxId } = content;
    const { data: document } = await reader.spaces.getPageDocumentInRevisionById(spaceId, revisionId, linuxId);
    expect(document).toMatchObject({ object: 'document', nodes: [expect.objectContaining({ type: 'paragraph' })] });
    const { data: page } = await admin.spaces.getPageInRevisionById(spaceId, revisionId, linuxId, { format: 'document' });
    expect(document).toEqual((page as unknown as { document: unknown }).document);
    const flags = await admin.spaces.getPageDocumentInRevisionById(spaceId, revisionId, linuxId, { evaluated: 'deterministic-only', dereferenced: true });
    expect(flags.data).toEqual(document);
  });

  it('answers 404 for an unknown page, a page of another revision only, and a stranger', async () => {
    const { spaceId, revisionId, crRevision, linuxId } = content;
    expect(await statusOf(admin.spaces.getPageDocumentInRevisionById(spaceId, revisionId, 'nopage'))).toBe(404);
    const { data: crPages } = await admin.spaces.listPagesInRevisionById(spaceId, crRevision);
    const draftId = crPages.pages.flatMap((p) => ('pages' in p ? [p, ...p.pages] : [p])).find((p) => p.title === 'Draft only')!.id;
    expect((await admin.spaces.getPageDocumentInRevisionById(spaceId, crRevision, draftId)).data.object).toBe('document');
    expect(await statusOf(admin.spaces.getPageDocumentInRevisionById(spaceId, revisionId, draftId))).toBe(404);
    expect(await statusOf(stranger.spaces.getPageDocumentInRevisionById(spaceId, revisionId, linuxId))).toBe(404);
  });
});

describe('listSpacePageMetaLinks, listRevisionPageMetaLinks, listChangeRequestPageMetaLinks', () => {
  it('answer a page without canonical or alternate links in each form; unknown page and stranger → 404', async () => {
    const { spaceId, revisionId, crId, installId } = content;
    expect((await reader.spaces.listSpacePageMetaLinks(spaceId, installId)).data).toEqual({ alternates: [] });
    expect((await reader.spaces.listRevisionPageMetaLinks(spaceId, revisionId, installId)).data).toEqual({ alternates: [] });
    expect((await reader.spaces.listChangeRequestPageMetaLinks(spaceId, crId, installId)).data).toEqual({ alternates: [] });
    expect(await statusOf(admin.spaces.listSpacePageMetaLinks(spaceId, 'nopage'))).toBe(404);
    expect(await statusOf(admin.spaces.listRevisionPageMetaLinks(spaceId, revisionId, 'nopage'))).toBe(404);
    expect(await statusOf(stranger.spaces.listSpacePageMetaLinks(spaceId, installId))).toBe(404);
    expect(await statusOf(stranger.spaces.listChangeRequestPageMetaLinks(spaceId, crId, installId))).toBe(404);
  });
});
