import { authorizeChangeRequest, changeRequestHead } from '../../change-requests';
import { authorizeSpaceAccess, type Space } from '../../spaces';
import { type Caller, type ContentDeps, type ContentHead, importContent, type ImportContentResult, type ImportRequest, spaceHead } from '../../revisions';

export interface ImportIntoContentInput {
  spaceId: string;
  /** A change request's content, or main's when absent. */
  changeRequestId?: string;
  url: string;
  source: ImportRequest['source'];
  placement: ImportRequest['placement'];
}

/**
 * An import into main (the space needs `edit`) or into a change request (`edit` on its space too):
 * one new `edits` revision of that head (importContent: fetch and convert first, then one transaction).
 */
export async function importIntoContent(
  deps: ContentDeps,
  caller: Caller,
  input: ImportIntoContentInput,
): Promise<{ space: Space; result: ImportContentResult }> {
  const { space, head } = await importHead(deps, caller, input);
  const result = await importContent(deps.imports, {
    head,
    organizationId: space.organizationId,
    userId: caller.userId,
    url: input.url,
    source: input.source,
    placement: input.placement,
  });
  return { space, result };
}

/** Main's head or a change request's, authorized for `edit`. */
async function importHead(deps: ContentDeps, caller: Caller, input: ImportIntoContentInput): Promise<{ space: Space; head: ContentHead }> {
  if (!input.changeRequestId) {
    const { space } = await authorizeSpaceAccess(deps.db, deps.membership, input.spaceId, caller.userId, 'edit');
    return { space, head: spaceHead(space.id) };
  }
  const { space, changeRequest } = await authorizeChangeRequest(deps.db, deps.membership, input.spaceId, input.changeRequestId, caller.userId, 'edit');
  return { space, head: changeRequestHead(space.id, changeRequest.id, caller.userId) };
}
