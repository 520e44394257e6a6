export * from './visitor-token';
