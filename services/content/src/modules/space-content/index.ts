export { changeRequestFileParams, changeRequestPageParams, changeRequestParams, fileParams, pageParams, spaceParams } from './http/space-content.schema';
// For content-urls (getContentByUrl): a page by path as getPageByPath answers it.
export { readPageByPath } from './application/read-page-by-path';
export { wholePage } from './presenters/whole-page.presenter';
export type { PagePresenter } from './application/read-page-answer';
