// Nothing of content-permissions is used by another module: the wiring (service.ts) mounts its routes.
export {};
