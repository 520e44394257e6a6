import { badRequest } from '@quire/errors';
import { normalizeSiteCustomization } from '@quire/publishing';

// updateSiteCustomizationById (reference SiteCustomizationSettingsInput) is a full replacement:
// what it stores is read back through @quire/publishing's normaliser, which keeps a value only when
// it fits the reference and otherwise falls back to the default. Input must not rely on that
// silent fallback: every value the caller sends must survive the normaliser unchanged, else 400
// naming the field. `updatedAt` (answered by GET) is accepted and ignored so a GET can be PUT back.

const MAX_BODY_CHARACTERS = 256 * 1024;
const IGNORED = new Set(['updatedAt']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first path (dotted) whose input value the normalised settings do not keep, or null. */
function firstRefusedPath(input: unknown, kept: unknown, path: string): string | null {
  if (isObject(input)) {
    if (!isObject(kept)) return path;
    for (const [key, value] of Object.entries(input)) {
      const refused = firstRefusedPath(value, kept[key], path ? `${path}.${key}` : key);
      if (refused !== null) return refused;
    }
    return null;
  }
  return JSON.stringify(input) === JSON.stringify(kept) ? null : path;
}

/** The settings to store, or a 400 naming the first field that is unknown or does not fit the reference. */
export function validateCustomizationInput(body: Record<string, unknown>, siteTitle: string): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!IGNORED.has(key)) settings[key] = value;
  if (JSON.stringify(settings).length > MAX_BODY_CHARACTERS)
    throw badRequest(`Invalid body: customization settings must be at most ${MAX_BODY_CHARACTERS} characters of JSON`);
  const refused = firstRefusedPath(settings, normalizeSiteCustomization(settings, siteTitle), '');
  if (refused !== null) {
    throw badRequest(
      `Invalid body field "${refused}": not a value SiteCustomizationSettings allows here (unknown field, wrong type, colour not #rgb/#rrggbb, URL not http(s), text too long or an unknown option)`,
    );
  }
  return settings;
}
