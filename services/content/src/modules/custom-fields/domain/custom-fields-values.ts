import { badRequest } from '@quire/errors';
import { parseInput, z } from '@quire/input';
import type { CustomField } from '../model/custom-field';
import type { CustomFieldValue } from '../model/custom-field-value';
import { isEmptyValue, valueSchemaFor } from './custom-fields-rules';

export interface SpaceCustomFieldsChange {
  /** Names of the fields given a value. */
  set: string[];
  /** Names of the fields whose value was cleared (null, "" or []). */
  cleared: string[];
}

/** What a PATCH of a space's values writes: a value for each field given one, a deletion for each one cleared. */
export interface SpaceValuesPlan {
  set: { field: CustomField; value: CustomFieldValue }[];
  cleared: CustomField[];
}

/**
 * Checks the values of PATCH /spaces/{spaceId}/custom-fields against the organization's `fields`
 * of those names: a name with no field is a 400 naming it, each value must fit its field's type
 * and options (400 naming `values.<name>.value`). Null, "" and [] clear a value.
 */
export function planSpaceValues(fields: CustomField[], values: Record<string, { value?: unknown }>): SpaceValuesPlan {
  const unknown = Object.keys(values).find((name) => !fields.some((f) => f.name === name));
  if (unknown !== undefined) throw badRequest(`Invalid body field "values.${unknown}": the organization has no custom field named "${unknown}"`);
  const parsed = parseInput(valuesSchemaFor(fields), { values }).values;
  const plan: SpaceValuesPlan = { set: [], cleared: [] };
  for (const field of fields) {
    const value = parsed[field.name]?.value ?? null;
    if (value === null || isEmptyValue(value)) plan.cleared.push(field);
    else plan.set.push({ field, value });
  }
  return plan;
}

// The body as the organization's fields make it: one entry per field, each checked by its type.
function valuesSchemaFor(fields: CustomField[]) {
  const entries = fields.map(
    (field) =>
      [
        field.name,
        z
          .object({ value: valueSchemaFor(field) })
          .strict()
          .optional(),
      ] as const,
  );
  return z.object({ values: z.object(Object.fromEntries(entries)).strict() });
}
