export { deriveSecret, openSecret, sealSecret } from './sealed-secret';
