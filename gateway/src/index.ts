// The gateway's face: what the one-process launcher (apps/embedded) and the tools need of the proxy.
export { createGatewayApp, type GatewaySettings, type GatewayDeps } from './app';
export { distributedTopologyFromEnv, gatewaySettingsFromEnv } from './config';
export { close, listen } from './server';
export { DOCUMENT_FILE } from './openapi/serve';
export { REFERENCE_ASSET_NAMES, REFERENCE_ASSETS_PATH, REFERENCE_PAGE_PATH } from './openapi/reference-page';
