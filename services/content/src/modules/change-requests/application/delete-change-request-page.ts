import { commitEdit, type Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import { deletePageFromTree } from '../domain/page-edits';
import { changeRequestEdit, type ChangeRequestPage } from './change-request-edit';

/** Deletes a page of a change request with its subtree (`edit`): one `edits` revision of the change request. */
export async function deleteChangeRequestPage(deps: ContentHttpDeps, caller: Caller, input: ChangeRequestPage): Promise<{ revisionId: string }> {
  const request = await changeRequestEdit(deps, caller, input);
  const { revisionId } = await commitEdit(deps.db, deps.clock, request, (tree) => deletePageFromTree(tree, input.pageId));
  return { revisionId };
}
