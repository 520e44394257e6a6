// The one-process launcher's face: what tools (the OpenAPI generator) and tests start.
export { startEmbedded, type EmbeddedQuire } from './launcher';
