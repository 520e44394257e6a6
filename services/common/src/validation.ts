import { z, type ZodTypeAny } from 'zod';
import { badRequest } from './errors';

export { z };

/** Parses input with a zod schema; a failure is a 400 whose message names the field. */
export function parseInput<S extends ZodTypeAny>(schema: S, value: unknown, where: 'body' | 'query' | 'path' = 'body'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw badRequest(`Invalid ${where}`);
  const field = issue.path.length ? issue.path.join('.') : where;
  throw badRequest(`Invalid ${where} field "${field}": ${describeIssue(issue)}`);
}

function describeIssue(issue: z.ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.type === 'string' ? `must be at least ${issue.minimum} characters` : issue.type === 'array' ? `must have at least ${issue.minimum} entries` : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.type === 'string' ? `must be at most ${issue.maximum} characters` : issue.type === 'array' ? `must have at most ${issue.maximum} entries` : `must be at most ${issue.maximum}`;
    case 'invalid_type':
      return issue.received === 'undefined' ? 'is required' : `must be ${issue.expected}, not ${issue.received}`;
    case 'unrecognized_keys':
      return `unknown field(s) ${issue.keys.join(', ')}`;
    default:
      return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  }
}

/** Query-string booleans: "true"/"false" only. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** An absolute http(s) URL of at most 2048 characters (the reference's URL schema). */
export const httpUrl = z
  .string()
  .max(2048)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL');
