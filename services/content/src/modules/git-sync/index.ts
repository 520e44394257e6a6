// The wiring (service.ts) mounts git-sync's routes and starts its consumer; space-content reads a
// space's sync to link published pages to their files ("Edit on Git").
export { readSpaceGitSync } from './application/read-space-git-sync';
