import { text, z } from '@quire/input';
import type { CustomFieldValue } from '../model/custom-field-value';

// The rules a custom field and its values follow (reference @gitbook/api@0.91.0: CustomFieldType,
// CustomFieldOptions, CustomFieldValue), shared by the request schemas and the domain.

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'boolean', 'tags', 'select:multi', 'select:single'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export type { CustomFieldValue };

export const MAX_TEXT_VALUE_LENGTH = 256;
// The reference bounds neither tags nor multi-selections; 100 keeps one value small.
export const MAX_LIST_VALUE_ENTRIES = 100;

/**
 * A key JSON.parse keeps as an own property but object handling (zod's included) takes for the
 * prototype: no field may have this name, and a space's values naming it are refused.
 */
export const PROTOTYPE_KEY = '__proto__';

export function isCustomFieldType(value: unknown): value is CustomFieldType {
  return typeof value === 'string' && (CUSTOM_FIELD_TYPES as readonly string[]).includes(value);
}

/** Only the select types have options: the choices a value is picked from. */
export function isSelectType(type: string): boolean {
  return type === 'select:single' || type === 'select:multi';
}

export const hasNoRepeats = (list: readonly string[]): boolean => new Set(list).size === list.length;

/**
 * An empty value (null, "" or []) means "not set": it is stored as no value at all, so a space's
 * value is either absent or meaningful, and GET answers without `value`.
 */
export function isEmptyValue(value: CustomFieldValue | null): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** What a value of `field` must look like; `null` (and the empty values) clear it. */
export function valueSchemaFor(field: { type: string; options: string[] | null }): z.ZodType<CustomFieldValue | null> {
  const options = field.options ?? [];
  const isOption = (v: string) => options.includes(v);
  const notAnOption = `must be one of the field's options (${options.join(', ')})`;
  const list = (item: z.ZodType<string>) => z.array(item).max(MAX_LIST_VALUE_ENTRIES).refine(hasNoRepeats, 'must not repeat an entry');
  const byType: Record<CustomFieldType, z.ZodType<CustomFieldValue>> = {
    text: text({ max: MAX_TEXT_VALUE_LENGTH }),
    number: z.number().finite(),
    boolean: z.boolean(),
    tags: list(text({ min: 1, max: MAX_TEXT_VALUE_LENGTH })),
    'select:single': z.string().refine((v) => v === '' || isOption(v), notAnOption),
    'select:multi': list(z.string().refine(isOption, notAnOption)),
  };
  if (!isCustomFieldType(field.type)) throw new Error(`custom field of unknown type ${field.type}`);
  return byType[field.type].nullable();
}
