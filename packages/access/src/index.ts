export * from './permissions';
export * from './principal';
export * from './auth-cache';
export * from './site-reader';
export * from './content-access';
