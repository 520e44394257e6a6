// Fractional ordering keys: strings that sort in plain byte order (SQL: `COLLATE "C"`), so an item
// can be put between any two neighbours by writing only its own key — no renumbering of siblings.
//
// The scheme is the one of "fractional-indexing" (David Greenspan, "Implementing Fractional
// Indexing"; the rocicorp library): a key is an integer part whose first character encodes its
// length (`a`..`z`: 2..27 characters for non-negative integers, `Z`..`A` for negative ones),
// followed by an optional base-62 fraction that never ends in `0`. Appending or prepending changes
// the integer part, so keys grow logarithmically with the number of items added at either end;
// inserting between two neighbours extends the fraction by about one character per halving.

import { badRequest } from '@quire/errors';

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ZERO = DIGITS[0] as string;
const LAST = DIGITS[DIGITS.length - 1] as string;
/** The smallest integer part: keys below it would need a longer header than the scheme has. */
const SMALLEST_INTEGER = `A${ZERO.repeat(26)}`;

/** Compares two keys in the order the database returns them (byte order). */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True when `key` is a well-formed ordering key. */
export function isOrderKey(key: string): boolean {
  try {
    validateKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * A key strictly between `a` and `b` (null: open end). `keyBetween(null, null)` is the first key
 * of an empty list, `keyBetween(last, null)` appends, `keyBetween(null, first)` prepends.
 */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null) validateKey(a);
  if (b !== null) validateKey(b);
  if (a !== null && b !== null && a >= b) throw new RangeError(`ordering key ${a} is not below ${b}`);
  if (a === null) {
    if (b === null) return `a${ZERO}`;
    const ib = integerPart(b);
    const fb = b.slice(ib.length);
    if (ib === SMALLEST_INTEGER) return ib + midpoint('', fb);
    if (ib < b) return ib;
    const lower = decrementInteger(ib);
    if (lower === null) throw new RangeError('no ordering key below the smallest one');
    return lower;
  }
  const ia = integerPart(a);
  const fa = a.slice(ia.length);
  if (b === null) return incrementInteger(ia) ?? ia + midpoint(fa, null);
  const ib = integerPart(b);
  if (ia === ib) return ia + midpoint(fa, b.slice(ib.length));
  const next = incrementInteger(ia);
  if (next === null) throw new RangeError('no ordering key above the largest one');
  return next < b ? next : ia + midpoint(fa, null);
}

/** A fraction (digits after the integer part) strictly between `a` and `b` (null: 1). */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    // Skip the common prefix (a is padded with zeros).
    let n = 0;
    while ((a[n] ?? ZERO) === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const digitA = a ? DIGITS.indexOf(a[0] as string) : 0;
  const digitB = b !== null ? DIGITS.indexOf(b[0] as string) : DIGITS.length;
  if (digitB - digitA > 1) return DIGITS[Math.round((digitA + digitB) / 2)] as string;
  // Consecutive digits: keep a's digit and go one level deeper (or take b's first digit alone
  // when b continues, which is then strictly below b).
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return (DIGITS[digitA] as string) + midpoint(a.slice(1), null);
}

function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 'a'.charCodeAt(0) + 2;
  if (head >= 'A' && head <= 'Z') return 'Z'.charCodeAt(0) - head.charCodeAt(0) + 2;
  throw new RangeError(`invalid ordering key head "${head}"`);
}

function integerPart(key: string): string {
  const length = integerLength(key.charAt(0));
  if (length > key.length) throw new RangeError(`invalid ordering key ${key}`);
  return key.slice(0, length);
}

function validateKey(key: string): void {
  if (key === SMALLEST_INTEGER) throw new RangeError(`invalid ordering key ${key}`);
  for (const c of key.slice(1)) if (!DIGITS.includes(c)) throw new RangeError(`invalid ordering key ${key}`);
  const fraction = key.slice(integerPart(key).length);
  if (fraction.endsWith(ZERO)) throw new RangeError(`invalid ordering key ${key}`);
}

function incrementInteger(x: string): string | null {
  const head = x.charAt(0);
  const digits = x.slice(1).split('');
  let carry = true;
  for (let i = digits.length - 1; carry && i >= 0; i--) {
    const d = DIGITS.indexOf(digits[i] as string) + 1;
    if (d === DIGITS.length) digits[i] = ZERO;
    else {
      digits[i] = DIGITS[d] as string;
      carry = false;
    }
  }
  if (!carry) return head + digits.join('');
  if (head === 'Z') return `a${ZERO}`;
  if (head === 'z') return null;
  const nextHead = String.fromCharCode(head.charCodeAt(0) + 1);
  if (nextHead > 'a') digits.push(ZERO);
  else digits.pop();
  return nextHead + digits.join('');
}

function decrementInteger(x: string): string | null {
  const head = x.charAt(0);
  const digits = x.slice(1).split('');
  let borrow = true;
  for (let i = digits.length - 1; borrow && i >= 0; i--) {
    const d = DIGITS.indexOf(digits[i] as string) - 1;
    if (d === -1) digits[i] = LAST;
    else {
      digits[i] = DIGITS[d] as string;
      borrow = false;
    }
  }
  if (!borrow) return head + digits.join('');
  if (head === 'a') return `Z${LAST}`;
  if (head === 'A') return null;
  const nextHead = String.fromCharCode(head.charCodeAt(0) - 1);
  if (nextHead < 'Z') digits.push(LAST);
  else digits.pop();
  return nextHead + digits.join('');
}

/**
 * The keys around a place among one sequence of siblings (the item being placed left out), read
 * from wherever the siblings live: SQL min/max queries, or keys already loaded (siblingKeysIn).
 */
export interface SiblingKeys {
  /** The largest key, or null when there are no siblings. */
  last(): Promise<string | null>;
  /** The closest key below `key`, or null. */
  below(key: string): Promise<string | null>;
  /** The closest key above `key`, or null. */
  above(key: string): Promise<string | null>;
}

/**
 * The before/after rule of every `position` body (reference ContentPosition and the site
 * structure's move positions): `before`/`after` are the keys of the siblings the body names (null:
 * not named). Both: between them; one: right next to it; neither: at the end. Only the moved
 * item's own key changes.
 */
export async function keyForAnchors(siblings: SiblingKeys, anchors: { before: string | null; after: string | null }): Promise<string> {
  const { before, after } = anchors;
  if (before !== null && after !== null) {
    if (after >= before) throw badRequest('Invalid body field "position": the "after" item must come before the "before" item');
    return keyBetween(after, before);
  }
  if (before !== null) return keyBetween(await siblings.below(before), before);
  if (after !== null) return keyBetween(after, await siblings.above(after));
  return keyBetween(await siblings.last(), null);
}

/** SiblingKeys over keys already in memory (small sibling sets loaded in one query). */
export function siblingKeysIn(keys: readonly string[]): SiblingKeys {
  const sorted = [...keys].sort(compareKeys);
  return {
    last: async () => sorted[sorted.length - 1] ?? null,
    below: async (key) => sorted.filter((k) => k < key).pop() ?? null,
    above: async (key) => sorted.find((k) => k > key) ?? null,
  };
}
