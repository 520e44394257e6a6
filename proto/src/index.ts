// Generated gRPC contracts (ts-proto), one namespace per proto file.
export * as health from './gen/quire/health';
export * as identity from './gen/quire/identity';
export * as content from './gen/quire/content';
export * as sites from './gen/quire/sites';
export * as specs from './gen/quire/specs';
export * as insights from './gen/quire/insights';
export * as webhooks from './gen/quire/webhooks';
export * as reader from './gen/quire/reader';
