export { changeRequestFileParams, changeRequestPageParams, changeRequestParams, fileParams, pageParams, spaceParams } from './http/space-content.schema';
