export { changeRequestHead } from './application/change-request-head';
export { applyContentChanges, type BatchFile, type ContentChange } from './domain/content-changes';
export { isPageIcon } from './domain/changes/page-icon';
export { answerMergedFrom } from './http/change-request-answers';
export { presentMergedFromToSiteReader } from './presenters/change-request.presenter';
export { changeRequestParams, pdfQuery } from './http/change-requests.schema';
export { allows, authorizeChangeRequest, authorizeSpaceFor, type ChangeRequestAction } from './policies/change-request.policy';
export { findChangeRequest } from './application/find-change-request';
export type { ChangeRequest } from './model/change-request';
// For content-urls (getContentByUrl): a change request as its read answers it.
export { getChangeRequest } from './application/get-change-request';
export { answerChangeRequest } from './http/change-request-answers';
