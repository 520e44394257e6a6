import { commitEdit, type Caller } from '../../revisions';
import type { ContentHttpDeps } from '../../shared';
import { movePage, type PageMove } from '../domain/page-edits';
import { changeRequestEdit, type ChangeRequestPage } from './change-request-edit';

/** Moves a page of a change request (`edit`): one `edits` revision of the change request. */
export async function moveChangeRequestPage(
  deps: ContentHttpDeps,
  caller: Caller,
  input: ChangeRequestPage & { move: PageMove },
): Promise<{ revisionId: string }> {
  const request = await changeRequestEdit(deps, caller, input);
  const { revisionId } = await commitEdit(deps.db, deps.clock, request, (tree) => movePage(tree, input.pageId, input.move, deps.clock()));
  return { revisionId };
}
