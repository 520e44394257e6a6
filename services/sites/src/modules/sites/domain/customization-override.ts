// A site space's customization override (reference overrideSiteSpaceCustomizationById): a PATCH
// whose fields set an override, `null` removes it (a nested `null` removes that nested override),
// and fields left out keep theirs. The site space shows its site's settings with the overrides laid
// over them, object fields merged key by key, anything else (arrays, scalars) replaced whole.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The overrides after a PATCH: `patch` merged into `current`, nulls removing what they name. */
export function applyOverridePatch(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else if (isObject(value)) {
      const merged = applyOverridePatch(isObject(current[key]) ? current[key] : {}, value);
      if (Object.keys(merged).length > 0) next[key] = merged;
      else delete next[key];
    } else next[key] = value;
  }
  return next;
}

/** The settings a site space shows: its site's, the overrides laid over them. */
export function overriddenSettings(site: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
  const settings: Record<string, unknown> = { ...site };
  for (const [key, value] of Object.entries(overrides)) {
    settings[key] = isObject(value) && isObject(site[key]) ? overriddenSettings(site[key], value) : value;
  }
  return settings;
}
