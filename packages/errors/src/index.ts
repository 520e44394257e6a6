export * from './errors';
export * from './error-reasons';
