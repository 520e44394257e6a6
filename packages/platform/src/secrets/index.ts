export { openSecret, sealSecret } from './sealed-secret';
