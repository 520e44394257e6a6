export * from './urls';
