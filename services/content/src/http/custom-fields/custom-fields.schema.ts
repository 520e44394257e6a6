import { z } from '@quire/common';
import { CUSTOM_FIELD_TYPES, hasNoRepeats, isSelectType } from '../../domain/custom-fields-rules';

// Bodies of createOrganizationCustomField, updateOrganizationCustomField and updateSpaceCustomFields
// (reference @gitbook/api@0.91.0), limits of spec §8. Option entries are 1..40 characters as
// CustomFieldOptions declares.

const name = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[a-z_\-0-9]+$/, 'must contain only lower-case letters, digits, "_" and "-"');

const options = z.array(z.string().min(1).max(40)).min(1).max(50).refine(hasNoRepeats, 'must not repeat an option');

const describing = {
  title: z.string().max(100),
  description: z.string().max(200),
  placeholder: z.string().max(100),
};

export const createCustomFieldBody = z
  .object({ name, type: z.enum(CUSTOM_FIELD_TYPES), ...describing, options })
  .partial({ title: true, description: true, placeholder: true, options: true })
  .strict()
  // Options are what a select field's values are picked from; other types have none to offer.
  .superRefine((body, ctx) => {
    if (isSelectType(body.type) && body.options === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['options'], message: `Is required for ${body.type} fields` });
    } else if (!isSelectType(body.type) && body.options !== undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['options'], message: 'Only select:single and select:multi fields have options' });
    }
  });

// `name` and `type` are not in the reference's PATCH body: a field keeps both for life.
export const updateCustomFieldBody = z
  .object({ ...describing, options })
  .partial()
  .strict();

// The shape only; each value is checked against its field's type and options by the domain.
export const updateSpaceCustomFieldsBody = z
  .object({
    values: z
      .record(z.string(), z.object({ value: z.unknown() }).strict())
      .refine((values) => Object.keys(values).length <= 100, 'must have at most 100 entries'),
  })
  .strict();

export type CreateCustomFieldBody = z.infer<typeof createCustomFieldBody>;
export type UpdateCustomFieldBody = z.infer<typeof updateCustomFieldBody>;
export type UpdateSpaceCustomFieldsBody = z.infer<typeof updateSpaceCustomFieldsBody>;
