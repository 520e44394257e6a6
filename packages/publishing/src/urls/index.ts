export * from './published-url';
export * from './site-path';
