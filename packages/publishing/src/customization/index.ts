export * from './site-customization';
