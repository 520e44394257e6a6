export * from './urls';
export * from './published-host';
export * from './url-policy';
