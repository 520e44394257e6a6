export { applyContentChanges, type BatchFile, type ContentChange } from './domain/content-changes';
export { answerMergedFrom } from './http/change-request-answers';
export { changeRequestPagesRoutes } from './http/change-request-pages.routes';
export { changeRequestsRoutes } from './http/change-requests.routes';
export { changeRequestParams, pdfQuery } from './http/change-requests.schema';
export { contentChangesRoutes } from './http/content-changes.routes';
export { allows, authorizeChangeRequest, type ChangeRequestAction } from './policies/change-request.policy';
export { addContributor, advanceChangeRequest, findChangeRequest, lockChangeRequest } from './store/change-requests.store';
export type { ChangeRequest } from './model/change-request';
