export * from './ordering';
