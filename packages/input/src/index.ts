export * from './validation';
export * from './pagination';
export * from './media-type';
export * from './search-query';
export * from './merge-rules';
