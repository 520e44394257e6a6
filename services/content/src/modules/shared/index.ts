export type { ContentHttpDeps } from './model/http-deps';
export type { Caller, ContentAppDeps } from './model/app-deps';
