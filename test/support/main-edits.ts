import type { GitBookAPI } from 'gitbook-api-0202';

// Edits of a space's main content the way a user makes them from code with today's client
// (0.202.0): a change request, one batch of changes (updateChangeRequestContent), merged.

type ContentChanges = Parameters<GitBookAPI['spaces']['updateChangeRequestContent']>[2]['changes'];

/** Applies `changes` to main through a merged change request; answers the new main revision and the created pages' ids by `ref`. */
export async function mergeChanges(api: GitBookAPI, spaceId: string, changes: ContentChanges): Promise<{ revision: string; pages: Record<string, string> }> {
  const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: 'Edited from code' });
  const { data } = await api.spaces.updateChangeRequestContent(spaceId, cr.id, { changes }, { compat: false });
  const pages: Record<string, string> = {};
  for (const change of (data as unknown as { changes: { ref?: string; page?: { id: string } }[] }).changes)
    if (change.ref && change.page) pages[change.ref] = change.page.id;
  const { data: merged } = await api.spaces.mergeChangeRequest(spaceId, cr.id);
  if (merged.result !== 'merge') throw new Error(`change request ${cr.id} did not merge: ${merged.result}`);
  return { revision: merged.revision, pages };
}
