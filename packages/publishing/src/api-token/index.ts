export * from './site-api-token';
export * from './site-access';
