import { scimBadRequest } from './scim-errors';
import { attributePath, parseFilter, type ScimFilter } from './scim-filter';
import { matchesFilter } from './scim-match';

// RFC 7644 §3.5.2 PATCH on a resource's JSON representation: `add`, `replace` and `remove`, with
// no path (the value is merged), an attribute path (`name.givenName`), or a value path
// (`emails[type eq "work"].value`, `members[value eq "…"]`).

export type PatchOperation = { op: string; path?: string; value?: unknown };
type Resource = Record<string, unknown>;

interface PatchPath {
  attribute: string;
  filter?: ScimFilter;
  sub?: string;
}

const SUB_ATTRIBUTE = /^\.([A-Za-z$][\w$-]*)$/;

/** Splits `attr[filter].sub` into its parts (no regular expression: the filter may hold anything). */
function splitPath(raw: string): [string, string | undefined, string | undefined] | null {
  const open = raw.indexOf('[');
  if (open < 0) return [raw, undefined, undefined];
  const close = raw.lastIndexOf(']');
  if (close < open) return null;
  const rest = raw.slice(close + 1);
  const sub = rest === '' ? undefined : SUB_ATTRIBUTE.exec(rest)?.[1];
  if (rest !== '' && sub === undefined) return null;
  return [raw.slice(0, open), raw.slice(open + 1, close), sub];
}

/** Reads `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub` (URN prefix allowed); 400 `invalidPath` otherwise. */
export function parsePatchPath(raw: string): PatchPath {
  const parts = splitPath(raw.trim());
  if (!parts) throw scimBadRequest('invalidPath', `Invalid path: ${JSON.stringify(raw)}`);
  const [head, filterText, trailing] = parts;
  let names: string[];
  try {
    names = attributePath(head);
  } catch {
    throw scimBadRequest('invalidPath', `Invalid path: ${JSON.stringify(raw)}`);
  }
  if (names.length > 1 && (filterText !== undefined || trailing !== undefined)) throw scimBadRequest('invalidPath', `Invalid path: ${JSON.stringify(raw)}`);
  const filter = filterText === undefined ? undefined : parseFilter(filterText);
  return { attribute: names[0] as string, filter, sub: names[1] ?? trailing };
}

/** The key under which an object holds an attribute, whatever its case; the name itself when absent. */
function keyOf(resource: Resource, name: string): string {
  return Object.keys(resource).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
}

const isObject = (v: unknown): v is Resource => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Sets `value` at key, merging into complex attributes and appending to multi-valued ones for `add`. */
function put(target: Resource, name: string, value: unknown, op: 'add' | 'replace'): void {
  const key = keyOf(target, name);
  const current = target[key];
  if (Array.isArray(current) && op === 'add') {
    const incoming = Array.isArray(value) ? value : [value];
    const fresh = incoming.filter((v) => !current.some((c) => JSON.stringify(c) === JSON.stringify(v)));
    target[key] = [...current, ...fresh];
  } else if (isObject(current) && isObject(value)) {
    const merged = { ...current };
    for (const [k, v] of Object.entries(value)) put(merged, k, v, op);
    target[key] = merged;
  } else target[key] = value;
}

/** Applies one path-less operation: the value is an object of attributes (paths allowed as keys, as Entra sends). */
function mergeAll(resource: Resource, value: unknown, op: 'add' | 'replace'): void {
  if (!isObject(value)) throw scimBadRequest('invalidValue', `Operation "${op}" without a path needs an object value`);
  for (const [name, v] of Object.entries(value)) {
    if (name.includes('.') || name.includes('[')) applyAtPath(resource, parsePatchPath(name), v, op);
    else put(resource, name, v, op);
  }
}

function applyAtPath(resource: Resource, path: PatchPath, value: unknown, op: 'add' | 'replace' | 'remove'): void {
  const key = keyOf(resource, path.attribute);
  if (path.filter) return applyToMatches(resource, key, path, value, op);
  if (path.sub !== undefined) {
    const parent = isObject(resource[key]) ? { ...(resource[key] as Resource) } : {};
    if (op === 'remove') delete parent[keyOf(parent, path.sub)];
    else put(parent, path.sub, value, op);
    resource[key] = parent;
    return;
  }
  if (op === 'remove' && Array.isArray(resource[key]) && Array.isArray(value)) {
    // Entra removes members this way: the elements named by their `value`.
    const gone = new Set(value.map((v) => (isObject(v) ? String(v.value) : String(v))));
    resource[key] = (resource[key] as unknown[]).filter((item) => !(isObject(item) && gone.has(String(item.value))));
  } else if (op === 'remove') delete resource[key];
  else put(resource, path.attribute, value, op);
}

/** An operation on the elements of a multi-valued attribute that match the path's filter. */
function applyToMatches(resource: Resource, key: string, path: PatchPath, value: unknown, op: 'add' | 'replace' | 'remove'): void {
  const items = Array.isArray(resource[key]) ? (resource[key] as unknown[]) : [];
  const matches = (item: unknown) => matchesFilter(item, path.filter as ScimFilter);
  if (!items.some(matches)) {
    if (op === 'replace') throw scimBadRequest('noTarget', `No value of "${path.attribute}" matches the path's filter`);
  }
  const next: unknown[] = [];
  for (const item of items) {
    if (!matches(item)) next.push(item);
    else if (op === 'remove' && path.sub === undefined) continue;
    else if (path.sub !== undefined && isObject(item)) {
      const copy = { ...item };
      if (op === 'remove') delete copy[keyOf(copy, path.sub)];
      else copy[keyOf(copy, path.sub)] = value;
      next.push(copy);
    } else next.push(isObject(item) && isObject(value) ? { ...item, ...value } : value);
  }
  resource[key] = next;
}

/** The resource after the operations, in order; the input is not changed. A 400 names what is wrong. */
export function applyPatch(resource: Resource, operations: readonly PatchOperation[]): Resource {
  const result: Resource = structuredClone(resource);
  for (const operation of operations) {
    const op = String(operation.op ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw scimBadRequest('invalidSyntax', `Unknown PATCH op ${JSON.stringify(operation.op)}`);
    if (operation.path === undefined || operation.path === '') {
      if (op === 'remove') throw scimBadRequest('noTarget', 'Operation "remove" needs a path');
      mergeAll(result, operation.value, op);
      continue;
    }
    if (op !== 'remove' && operation.value === undefined) throw scimBadRequest('invalidValue', `Operation "${op}" needs a value`);
    applyAtPath(result, parsePatchPath(operation.path), operation.value, op);
  }
  return result;
}
