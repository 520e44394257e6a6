import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Random bytes come from a pool refilled 8 KB at a time: one call into the system's CSPRNG per
// ~200 ids instead of one per id (ids are minted per ingested event, thousands per second).
const pool = Buffer.alloc(8192);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++] as number;
}

/** A random 20-character base62 id, the look of the reference's ids. */
export function newId(length = 20): string {
  let id = '';
  while (id.length < length) {
    const b = randomByte();
    if (b < 248) id += ALPHABET[b % 62]; // 248 = 4*62: rejects the biased tail
  }
  return id;
}
