export { ADMIN_HEADER, requireAdminCall } from './admin-call';
export * from './observability';
export * from './service-app';
export * from './graceful-close';
export * from './route';
export * from './route-inventory';
export { answerClientErrorsAsJson } from './client-errors';
export { signedUrlQuery, signUrlPath, verifySignedUrl, type SignedUrlQuery } from './signed-url';
export { RawJson, sendJson, stringifyWithRaw } from './raw-json';
