import { scimBadRequest } from './scim-errors';

type Resource = Record<string, unknown>;

// RFC 7644 §3.4.2.5 `attributes` / `excludedAttributes`. `id` and `schemas` are always returned;
// `meta` unless excluded.
const ALWAYS = new Set(['id', 'schemas']);

function names(list: string | undefined): string[][] {
  if (!list) return [];
  return list
    .split(',')
    .map((raw) => raw.trim())
    .filter(Boolean)
    .map((raw) => {
      const colon = raw.lastIndexOf(':');
      const name = raw.startsWith('urn:') && colon >= 0 ? raw.slice(colon + 1) : raw;
      if (!/^[A-Za-z$][\w$-]*(\.[A-Za-z$][\w$-]*)?$/.test(name)) throw scimBadRequest('invalidValue', `Invalid attribute name ${JSON.stringify(raw)}`);
      return name.toLowerCase().split('.');
    });
}

function pick(resource: Resource, wanted: string[][]): Resource {
  const out: Resource = {};
  for (const [key, value] of Object.entries(resource)) {
    const lower = key.toLowerCase();
    if (ALWAYS.has(lower)) {
      out[key] = value;
      continue;
    }
    const matches = wanted.filter((w) => w[0] === lower);
    if (matches.length === 0) continue;
    if (matches.some((w) => w.length === 1) || value === null || typeof value !== 'object') out[key] = value;
    else {
      const subs = matches.map((w) => [w[1] as string]);
      out[key] = Array.isArray(value) ? value.map((v) => (v && typeof v === 'object' ? pick(v as Resource, subs) : v)) : pick(value as Resource, subs);
    }
  }
  return out;
}

function drop(resource: Resource, unwanted: string[][]): Resource {
  const out: Resource = {};
  for (const [key, value] of Object.entries(resource)) {
    const lower = key.toLowerCase();
    const matches = ALWAYS.has(lower) ? [] : unwanted.filter((w) => w[0] === lower);
    if (matches.some((w) => w.length === 1)) continue;
    if (matches.length === 0 || value === null || typeof value !== 'object') out[key] = value;
    else {
      const subs = matches.map((w) => [w[1] as string]);
      out[key] = Array.isArray(value) ? value.map((v) => (v && typeof v === 'object' ? drop(v as Resource, subs) : v)) : drop(value as Resource, subs);
    }
  }
  return out;
}

/** The resource with only the requested attributes, or without the excluded ones. */
export function projectAttributes(resource: Resource, selection: { attributes?: string; excludedAttributes?: string }): Resource {
  const wanted = names(selection.attributes);
  if (wanted.length) return pick(resource, wanted);
  const unwanted = names(selection.excludedAttributes);
  return unwanted.length ? drop(resource, unwanted) : resource;
}
