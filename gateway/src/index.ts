export { createGatewayApp, type GatewaySettings, type GatewayDeps } from './app';
export { startEmbedded, type EmbeddedQuire } from './embedded-launcher';
export { LocalStack, waitForReady, repoRoot, type LocalStackOptions, type ProcessName } from './local-stack';
