import { cli } from '../../support/factories';
import { eventually } from '../../support/eventually';
import { changeRequestThroughToday } from './change-requests';
import { gitSyncThroughToday } from './git-sync';
import type { TodayContext } from './context';

/**
 * Collections and spaces (move, duplicate, delete and restore, transfer), a change request that
 * fills a space, then main's content read back by revision, page and file, searched, and synced
 * with a Git repository.
 */
export async function contentThroughToday(context: TodayContext): Promise<void> {
  const { stack, api, orgId, admin } = context;
  const { data: shelf } = await api.orgs.createCollection(orgId, { title: 'Shelf' });
  expect((await api.orgs.listCollectionsInOrganizationById(orgId)).data.items.map((c) => c.id)).toEqual([shelf.id]);
  expect((await api.collections.getCollectionById(shelf.id)).data.title).toBe('Shelf');
  expect((await api.collections.updateCollectionById(shelf.id, { description: 'Books' })).data.description).toBe('Books');

  const { data: space } = await api.orgs.createSpace(orgId, { title: 'Guide', parent: shelf.id });
  expect((await api.collections.listSpacesInCollectionById(shelf.id)).data.items.map((s) => s.id)).toEqual([space.id]);
  expect((await api.spaces.updateSpaceById(space.id, { title: 'The guide' })).data.title).toBe('The guide');
  expect((await api.spaces.moveSpace(space.id, { parent: null })).data.parent).toBeUndefined();
  expect((await api.orgs.listSpacesInOrganizationById(orgId)).data.items.map((s) => s.id)).toContain(space.id);

  const { pageId, fileId } = await changeRequestThroughToday(context, space.id);
  const { data: main } = await api.spaces.getSpaceById(space.id);
  expect((await api.spaces.getCurrentRevision(space.id)).data).toMatchObject({ id: main.revision, tags: [] });
  expect((await api.spaces.listPages(space.id)).data.pages.map((p) => p.id)).toEqual([pageId]);
  expect((await api.spaces.getPageById(space.id, pageId, { format: 'document' })).data.title).toBe('Hello');
  const stable = await api.spaces.getPageById(space.id, pageId, { format: 'markdown', 'format.markdown.refs': 'stable', dereferenced: true });
  expect(stable.data).toMatchObject({ markdown: expect.stringContaining(`![Logo](/files/${fileId})`) });
  expect((await api.spaces.listFiles(space.id)).data.items.map((f) => f.id)).toEqual([fileId]);
  expect((await api.spaces.getFileById(space.id, fileId)).data.name).toBe('logo.png');
  expect((await api.spaces.getRevisionById(space.id, main.revision)).data.id).toBe(main.revision);
  expect((await api.spaces.listPagesInRevisionById(space.id, main.revision)).data.pages.map((p) => p.id)).toEqual([pageId]);
  expect((await api.spaces.getPageInRevisionById(space.id, main.revision, pageId)).data.id).toBe(pageId);
  // The reads a renderer needs (test/e2e/renderer-reads.test.ts has their cases).
  expect((await api.spaces.getPageByPath(space.id, 'hello')).data.id).toBe(pageId);
  expect((await api.spaces.getPageInRevisionByPath(space.id, main.revision, 'hello', { format: 'document' })).data.id).toBe(pageId);
  expect((await api.spaces.getPageDocumentInRevisionById(space.id, main.revision, pageId)).data.object).toBe('document');
  expect((await api.spaces.listSpacePageMetaLinks(space.id, pageId)).data).toEqual({ alternates: [] });
  expect((await api.spaces.listRevisionPageMetaLinks(space.id, main.revision, pageId)).data).toEqual({ alternates: [] });
  expect((await api.spaces.listFilesInRevisionById(space.id, main.revision)).data.items.map((f) => f.id)).toEqual([fileId]);
  expect((await api.spaces.getFileInRevisionById(space.id, main.revision, fileId)).data.id).toBe(fileId);
  // The search index follows main through events: within seconds, not at once.
  await eventually(async () => (await api.spaces.searchSpaceContent(space.id, { query: 'greeting' })).data.items.length === 1, 20000);
  const { data: found } = await api.spaces.searchSpaceContent(space.id, { query: 'greeting' });
  expect(found.items[0]).toMatchObject({ id: pageId, description: '', rank: 1, ancestors: [], score: expect.any(Number) });
  await eventually(async () => (await api.orgs.searchOrganizationContent(orgId, { query: 'greeting' })).data.items.length === 1, 20000);
  const { data: spaces } = await api.orgs.searchOrganizationContent(orgId, { query: 'greeting' });
  expect(spaces.items[0]).toMatchObject({ type: 'space', id: space.id, score: found.items[0]!.score });

  const { data: copy } = await api.spaces.duplicateSpace(space.id);
  await api.spaces.deleteSpaceById(copy.id);
  expect((await api.spaces.restoreSpace(copy.id)).data.id).toBe(copy.id);
  await gitSyncThroughToday(context, space.id, copy.id);

  const { data: inner } = await api.orgs.createCollection(orgId, { title: 'Inner' });
  expect((await api.collections.moveCollection(inner.id, { parent: shelf.id })).data.parent).toBe(shelf.id);
  const elsewhere = await cli(stack, 'orgs', 'create', '--title', 'Elsewhere', '--owner', admin.email);
  expect((await api.collections.transferCollection(inner.id, { organization: elsewhere })).data.organization).toBe(elsewhere);
  await api.collections.deleteCollectionById(shelf.id);
}
