import type { CompareOp, ScimFilter, ScimValue } from './scim-filter';

type Json = unknown;

// Attributes compared exactly (RFC 7643 §3.1 `id`, §4.1 externalId is caseExact); every other
// string is compared ignoring case (caseExact false, the default of the core schemas).
const CASE_EXACT = new Set(['id', 'externalid']);

/** The value of an attribute, names case-insensitive (RFC 7643 §2.1). */
export function attributeOf(resource: Json, name: string): Json {
  if (resource === null || typeof resource !== 'object' || Array.isArray(resource)) return undefined;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(resource)) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** Every value at a path, multi-valued attributes flattened (a filter matches when any does). */
function valuesAt(resource: Json, path: readonly string[]): Json[] {
  let current: Json[] = [resource];
  for (const name of path) {
    current = current.flatMap((item) => {
      const value = attributeOf(item, name);
      return Array.isArray(value) ? (value as Json[]) : value === undefined ? [] : [value];
    });
  }
  // A complex multi-valued attribute compared directly compares its `value` sub-attribute (§3.4.2.2).
  return current.flatMap((v) => (v !== null && typeof v === 'object' ? [attributeOf(v, 'value')] : [v])).filter((v) => v !== undefined);
}

function compare(actual: Json, op: CompareOp, expected: ScimValue, caseExact: boolean): boolean {
  if (typeof actual === 'string' && typeof expected === 'string') {
    const a = caseExact ? actual : actual.toLowerCase();
    const e = caseExact ? expected : expected.toLowerCase();
    return compareOrdered(a, op, e);
  }
  if (typeof actual === 'number' && typeof expected === 'number') return compareOrdered(actual, op, expected);
  if (op === 'eq') return actual === expected;
  if (op === 'ne') return actual !== expected;
  return false;
}

function compareOrdered<T extends string | number>(a: T, op: CompareOp, e: T): boolean {
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'co':
      return String(a).includes(String(e));
    case 'sw':
      return String(a).startsWith(String(e));
    case 'ew':
      return String(a).endsWith(String(e));
    case 'gt':
      return a > e;
    case 'ge':
      return a >= e;
    case 'lt':
      return a < e;
    case 'le':
      return a <= e;
  }
}

const isPresent = (v: Json) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Whether a resource (as its JSON representation) matches a filter. */
export function matchesFilter(resource: Json, filter: ScimFilter): boolean {
  switch (filter.kind) {
    case 'and':
      return matchesFilter(resource, filter.left) && matchesFilter(resource, filter.right);
    case 'or':
      return matchesFilter(resource, filter.left) || matchesFilter(resource, filter.right);
    case 'not':
      return !matchesFilter(resource, filter.filter);
    case 'present':
      return valuesAt(resource, filter.path).some(isPresent);
    case 'valuePath': {
      const items = filter.path.reduce<Json[]>((acc, name) => acc.flatMap((i) => [attributeOf(i, name)].flat()), [resource]);
      return items.some((item) => item !== undefined && matchesFilter(item, filter.filter));
    }
    case 'compare': {
      const caseExact = CASE_EXACT.has((filter.path[filter.path.length - 1] ?? '').toLowerCase());
      const values = valuesAt(resource, filter.path);
      if (filter.op === 'ne') return !values.some((v) => compare(v, 'eq', filter.value, caseExact));
      return values.some((v) => compare(v, filter.op, filter.value, caseExact));
    }
  }
}
