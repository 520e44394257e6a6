import { z, type ZodTypeAny } from 'zod';
import { badRequest } from '@quire/errors';

export { z };

export type InputPart = 'body' | 'query' | 'path';

/**
 * Parses input with a zod schema; a failure is a 400 whose message names the field. Every string
 * and object key is checked for NUL first: neither PostgreSQL nor ClickHouse can store it, so it
 * is refused here, once, for every field of every route.
 */
export function parseInput<S extends ZodTypeAny>(schema: S, value: unknown, where: InputPart = 'body'): z.infer<S> {
  const nulAt = pathOfNul(value);
  if (nulAt) throw badRequest(`Invalid ${where} field "${nulAt.length ? nulAt.join('.') : where}": must not contain the NUL character (\\u0000)`);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(describeFailure(result.error, where));
}

/** "Invalid body field "title": must be at most 50 characters" from a zod error. */
export function describeFailure(error: z.ZodError, where: InputPart): string {
  const issue = error.issues[0];
  if (!issue) return `Invalid ${where}`;
  const field = issue.path.length ? issue.path.join('.') : where;
  return `Invalid ${where} field "${field}": ${describeIssue(issue)}`;
}

/**
 * The path of a string or object key holding a NUL character, or null. Iterative and linear: each
 * value is visited once and remembers only its parent and key, so a path is built only for the
 * one value that holds a NUL (copying the path at every level made a deep document quadratic).
 */
export function pathOfNul(value: unknown): (string | number)[] | null {
  const pending: Visit[] = [{ value, key: null, parent: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathTo(next);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) pending.push({ value: current[i], key: i, parent: next });
      continue;
    }
    for (const key in current) {
      if (!Object.prototype.hasOwnProperty.call(current, key)) continue;
      if (key.includes('\u0000')) return [...pathTo(next), key.replace(/\u0000/g, '\\u0000')];
      pending.push({ value: (current as Record<string, unknown>)[key], key, parent: next });
    }
  }
  return null;
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathTo(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

function describeIssue(issue: z.ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.type === 'string'
        ? `must be at least ${issue.minimum} characters`
        : issue.type === 'array'
          ? `must have at least ${issue.minimum} entries`
          : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.type === 'string'
        ? `must be at most ${issue.maximum} characters`
        : issue.type === 'array'
          ? `must have at most ${issue.maximum} entries`
          : `must be at most ${issue.maximum}`;
    case 'invalid_type':
      return issue.received === 'undefined' ? 'is required' : `must be ${issue.expected}, not ${issue.received}`;
    case 'unrecognized_keys':
      return `unknown field(s) ${issue.keys.join(', ')}`;
    default:
      return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  }
}

/** Length in Unicode code points, what JSON Schema's minLength/maxLength count (not UTF-16 units). */
export function codePointLength(value: string): number {
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const low = value.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

export interface TextLimits {
  min?: number;
  max?: number;
}

/**
 * A refinement checking a string's length in code points; use it instead of zod's .min/.max,
 * which count UTF-16 units (an emoji would count 2): `z.string().email().superRefine(lengthIn({ max: 255 }))`.
 */
export function lengthIn(limits: TextLimits) {
  return (value: string, ctx: z.RefinementCtx): void => {
    const length = codePointLength(value);
    if (limits.min !== undefined && length < limits.min) ctx.addIssue({ code: 'too_small', type: 'string', minimum: limits.min, inclusive: true });
    if (limits.max !== undefined && length > limits.max) ctx.addIssue({ code: 'too_big', type: 'string', maximum: limits.max, inclusive: true });
  };
}

/** A text field with lengths in code points (NUL is refused for every field by parseInput). */
export function text(limits: TextLimits = {}) {
  return z.string().superRefine(lengthIn(limits));
}

/**
 * An id in a path or a filter: the look of Quire's ids (base62, 20 characters) with room for
 * other stores' ids, so nothing odd reaches a query. A path id that fails it answers 404.
 */
export const resourceId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be an id (letters, digits, "-" and "_", at most 128)');

/** A repeated or comma-separated query parameter (`a=x&a=y` and `a=x,y` alike) as a list of `item`, at most `max`. */
export function queryList<T extends ZodTypeAny>(item: T, max: number) {
  // A preprocess (not a transform before a pipe) so that documents show the list's own schema.
  const split = (value: unknown) =>
    typeof value === 'string' || Array.isArray(value)
      ? (Array.isArray(value) ? value : [value]).flatMap((v: unknown) => (typeof v === 'string' ? v.split(',') : [v])).filter((v) => v !== '')
      : value;
  return z.preprocess(split, z.array(item).max(max));
}

/** Query-string booleans: "true"/"false" only. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** An absolute http(s) URL of at most 2048 characters (the reference's URL schema). */
export const httpUrl = z
  .string()
  .max(2048)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL');
