export * from './site-api-token';
export * from './site-access';
export * from './compact-site-api-token';
