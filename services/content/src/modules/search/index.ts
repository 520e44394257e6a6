// Nothing of search is used by another module: the wiring (service.ts) mounts its routes and starts its consumer.
export {};
