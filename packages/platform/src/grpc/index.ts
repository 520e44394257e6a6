export * from './server';
export * from './client';
export * from './target';
export * from './clients';
export * from './health';
export * from './error-status';
