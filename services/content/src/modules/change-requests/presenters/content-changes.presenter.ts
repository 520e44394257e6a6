import type { UrlBuilder } from '@quire/urls';
import { presentFile, type ContentUrls } from '../../revisions';
import type { ChangesDraft, PageOutcome } from '../domain/content-changes';
import type { PresentedChangeRequest } from './change-request.presenter';

/** Where a batch's pages are: its change request in its space. */
interface BatchTarget {
  spaceId: string;
  changeRequestId: string;
  revisionId: string;
}

/** Reference 0.202.0: the `compat=false` answer of updateChangeRequestContent, each page touched and each file inserted. */
export function presentContentChanges(
  changeRequest: PresentedChangeRequest,
  draft: Pick<ChangesDraft, 'outcomes' | 'insertedFiles'>,
  target: BatchTarget,
  urls: UrlBuilder,
  contentUrls: ContentUrls,
) {
  return {
    changeRequest,
    changes: draft.outcomes.map((outcome) => presentPageChange(outcome, target, urls)),
    insertedFiles: draft.insertedFiles.map((f) => presentFile(f, target.revisionId, contentUrls)),
  };
}

function presentPageChange(outcome: PageOutcome, target: BatchTarget, urls: UrlBuilder) {
  if (outcome.kind === 'deleted') return { object: 'deleted_page' as const, page: outcome.pageId };
  const page = {
    object: 'page' as const,
    id: outcome.pageId,
    urls: { location: urls.api(`/spaces/${target.spaceId}/change-requests/${target.changeRequestId}/content/page/${outcome.pageId}`) },
  };
  if (outcome.kind === 'created') return { object: 'created_page' as const, ...(outcome.ref !== undefined ? { ref: outcome.ref } : {}), page };
  return { object: 'updated_page' as const, page };
}
