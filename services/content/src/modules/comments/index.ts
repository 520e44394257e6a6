// Nothing of comments is used by another module: the wiring (service.ts) mounts its routes.
export {};
