export * from './urls';
export * from './published-host';
