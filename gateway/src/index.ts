export { createGatewayApp, type GatewaySettings, type GatewayDeps } from './app';
export { startEmbedded, type EmbeddedQuire } from './embedded-launcher';
