import type { z } from '@quire/input';

/**
 * How deep a request document may nest. Events nest four levels before the free-form parts
 * (visitor claims, link targets); the limit leaves them room and keeps every later step (zod's
 * recursive schemas, canonical JSON, the claims' flattening) far from the call stack's end.
 */
export const MAX_JSON_DEPTH = 32;

// A lone UTF-16 surrogate (JSON "\ud800"): not a character, so neither UTF-8 store can hold it
// (Node would silently turn it into U+FFFD on the way to ClickHouse or Postgres).
const LONE_SURROGATE = /\p{Cs}/u;

export interface UnstorableValue {
  path: (string | number)[];
  problem: string;
}

/**
 * The first value of a parsed JSON document that no store can take as sent, or null: a string or
 * key with a lone surrogate, a number JSON.parse turned into Infinity (1e400), or nesting deeper
 * than `maxDepth`. Iterative, so a hostile document cannot exhaust the stack. (NUL is refused
 * before, by common's parseInput.)
 */
export function unstorableValue(value: unknown, maxDepth = MAX_JSON_DEPTH): UnstorableValue | null {
  const pending: [unknown, (string | number)[]][] = [[value, []]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current)) return { path, problem: 'must not contain a lone UTF-16 surrogate' };
      continue;
    }
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { path, problem: 'must be a finite number' };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= maxDepth) return { path, problem: `must not nest more than ${maxDepth} levels deep` };
    const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((v, i) => [i, v]) : Object.entries(current);
    for (const [key, inner] of entries) {
      if (typeof key === 'string' && LONE_SURROGATE.test(key))
        return {
          path: [...path, key.replace(/\p{Cs}/gu, (c) => `\\u${c.charCodeAt(0).toString(16)}`)],
          problem: 'must not have a key with a lone UTF-16 surrogate',
        };
      pending.push([inner, [...path, key]]);
    }
  }
  return null;
}

/** A zod refinement refusing what unstorableValue finds, at the offending field's path. */
export function refuseUnstorable(value: unknown, ctx: z.RefinementCtx): void {
  const found = unstorableValue(value);
  if (found) ctx.addIssue({ code: 'custom', path: found.path, message: found.problem });
}
