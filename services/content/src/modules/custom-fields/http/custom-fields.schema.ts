import { text, z } from '@quire/input';
import { CUSTOM_FIELD_TYPES, hasNoRepeats, isSelectType, PROTOTYPE_KEY } from '../domain/custom-fields-rules';
import { orgParams } from '../../content-tree';

// Bodies of createOrganizationCustomField, updateOrganizationCustomField and updateSpaceCustomFields
// (reference @gitbook/api@0.91.0), limits of spec §8 in code points. Option entries are 1..40
// characters as CustomFieldOptions declares.

const NAME_PATTERN = /^[a-z_\-0-9]+$/;
const NAME_RULE = 'must contain only lower-case letters, digits, "_" and "-"';

const name = text({ min: 1, max: 50 })
  .refine((value) => NAME_PATTERN.test(value), NAME_RULE)
  .refine((value) => value !== PROTOTYPE_KEY, `must not be ${PROTOTYPE_KEY} (it cannot be a key of a space's values)`);

/** Path parameters: a field name that cannot exist is a 404 like an unknown one (route()). */
export const fieldParams = orgParams.extend({ fieldName: z.string().max(50).regex(NAME_PATTERN, NAME_RULE) });

const options = z
  .array(text({ min: 1, max: 40 }))
  .min(1)
  .max(50)
  .refine(hasNoRepeats, 'must not repeat an option');

const describing = {
  title: text({ max: 100 }),
  description: text({ max: 200 }),
  placeholder: text({ max: 100 }),
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

const MAX_VALUES_PER_PATCH = 100;
const valueEntry = z.object({ value: z.unknown() }).strict();

// The shape only; each value is checked against its field's type and options by the domain. The
// names are checked on the parsed JSON first: zod's record drops a `__proto__` key (JSON.parse
// makes it an own property), which would silently ignore it instead of refusing an unknown name.
export const updateSpaceCustomFieldsBody = z
  .object({
    values: z
      .unknown()
      .superRefine((values, ctx) => {
        if (typeof values === 'object' && values !== null && Object.hasOwn(values, PROTOTYPE_KEY)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [PROTOTYPE_KEY], message: `the organization has no custom field named "${PROTOTYPE_KEY}"` });
        }
      })
      .pipe(z.record(z.string(), valueEntry))
      .refine((values) => Object.keys(values).length <= MAX_VALUES_PER_PATCH, `must have at most ${MAX_VALUES_PER_PATCH} entries`),
  })
  .strict();

export type CreateCustomFieldBody = z.infer<typeof createCustomFieldBody>;
export type UpdateCustomFieldBody = z.infer<typeof updateCustomFieldBody>;
export type UpdateSpaceCustomFieldsBody = z.infer<typeof updateSpaceCustomFieldsBody>;
