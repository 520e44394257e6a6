export { addFile, applyImport, bodyHash, type Placement } from './domain/apply-import';
export { type BlockRevert, revertBlocks, revertKey } from './domain/block-revert';
export { collectUnusedContent } from './domain/collect-unused';
export { commitEdit, type EditDraft, type EditRequest } from './domain/commit-edit';
export { assertChangeRequestOpen, changeRequestHead, type ContentHead, spaceHead, standaloneHead, stillConflicted } from './domain/content-heads';
export { RevisionIndex } from './domain/content-refs';
export type { Caller, ContentDeps } from './application/content-deps';
export type { PdfJob } from './domain/conversion-tasks';
export { ContentConversions } from './domain/conversions';
export { storeBlobs } from './domain/import-content';
export { cachedText, type LoadedRevision, loadRevision, pageIn, revisionCacheKey } from './domain/read-content';
export { type RevisionCreated, revisionCreatedPayload } from './domain/revision-created';
export { type SpaceContentDeps, spaceContentRoutes } from './http/space-content.routes';
export { changeRequestFileParams, changeRequestPageParams, changeRequestParams, fileParams, pageParams, spaceParams } from './http/space-content.schema';
export { childrenByParent, pageAncestors, pagePaths, type RevisionTree, type StoredFile, type StoredPage, subtreeIds } from './model/revision-tree';
export { type ContentUrls, presentFile, presentPage } from './presenters/revision.presenter';
export {
  findBodies,
  findBodyLinks,
  findRevision,
  insertBodies,
  insertRevision,
  lockSpaceContent,
  setCurrentRevision,
  setRevisionGit,
  touchBlobs,
} from './store/revision-content.store';
export type { GitBlobRecord, GitCommitRecord, Revision } from './model/revision';
