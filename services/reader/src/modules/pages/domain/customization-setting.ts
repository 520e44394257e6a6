// A site's customization (0.202.0 SiteCustomizationSettings) as sites stores it: JSON the reader
// reads one setting of at a time (`git.showEditLink`, `feedback.enabled`, `styling.font`). Pure.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The customization's `<group>.<name>`, or undefined when either level is missing or not an object. */
export function customizationSetting(customization: unknown, group: string, name: string): unknown {
  const settings = isObject(customization) ? customization[group] : undefined;
  return isObject(settings) ? settings[name] : undefined;
}
