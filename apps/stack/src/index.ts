// The local stack's face: the processes of distributed mode on this machine (tests drive it).
export { LocalStack, waitForReady, repoRoot, type LocalStackOptions, type ProcessName } from './local-stack';
