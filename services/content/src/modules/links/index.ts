// Nothing of links is used by another module: the wiring (service.ts) mounts its routes.
export {};
