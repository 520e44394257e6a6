export * from './site-api-token';
