export {
  parseRedirectSource,
  SOURCE_PATH_MAX_LENGTH,
  SOURCE_PATH_PATTERN,
  type ParsedSource,
  type RedirectSource,
  type SourceProblem,
} from './redirect-source';
export { redirectCandidates, pickRedirect, type RedirectCandidate, type RedirectProbe } from './redirect-matcher';
export { resolveRedirectTarget, type RedirectRule, type RedirectTarget, type RedirectTraffic } from './redirect-target';
