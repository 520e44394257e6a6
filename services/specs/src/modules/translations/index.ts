// The translations module's face: what the service's wiring (service.ts) mounts.
export type { TranslationDeps } from './application/deps';
export { translationsRoutes } from './http/translations.routes';
