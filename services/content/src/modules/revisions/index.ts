export { addFile, applyImport, bodyHash, type Placement } from './domain/apply-import';
export { type BlockRevert, revertBlocks, revertKey } from './domain/block-revert';
export { collectUnusedContent } from './application/collect-unused';
export { commitEdit, type EditDraft, type EditRequest } from './application/commit-edit';
export { type ContentHead, spaceHead, standaloneHead } from './application/content-heads';
export { RevisionIndex } from './domain/content-refs';
export type { Caller, ContentDeps } from './application/content-deps';
export type { PdfJob } from './domain/conversion-tasks';
export { ContentConversions } from './domain/conversions';
export { importContent, type ImportContentResult, type ImportRequest, storeBlobs } from './application/import-content';
export { pageSections } from './domain/page-sections';
export {
  type BodyFormat,
  cachedText,
  type LoadedRevision,
  loadRevision,
  type MarkdownRefs,
  pageIn,
  readPageBody,
  revisionCacheKey,
} from './application/read-content';
export { type RevisionCreated, revisionCreatedPayload } from './domain/revision-created';
export type { PageSection } from './model/page-section';
export {
  childrenByParent,
  pageAncestors,
  pagePaths,
  type PageKind,
  type RevisionTree,
  type StoredFile,
  type StoredPage,
  subtreeIds,
} from './model/revision-tree';
export { type ContentUrls, presentFile, presentPage, presentPageTree, presentRevision } from './presenters/revision.presenter';
export {
  findBodies,
  findBodyLinks,
  findFileDownload,
  findRevision,
  lockSpaceContent,
  setCurrentRevision,
  setRevisionGit,
  storeRevision,
} from './application/revision-data';
export type { NewBody, NewRevision } from './store/revision-content.store';
export type { GitBlobRecord, GitCommitRecord, Revision } from './model/revision';
