import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random 20-character base62 id, the look of the reference's ids. */
export function newId(length = 20): string {
  const bytes = randomBytes(length * 2);
  let id = '';
  for (let i = 0; i < bytes.length && id.length < length; i++) {
    const b = bytes[i] as number;
    if (b < 248) id += ALPHABET[b % 62]; // 248 = 4*62: rejects the biased tail
  }
  return id.length === length ? id : newId(length);
}
