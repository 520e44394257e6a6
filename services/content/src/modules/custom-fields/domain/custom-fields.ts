import { badRequest, notFound } from '@quire/errors';
import type { CustomField, CustomFieldChanges } from '../model/custom-field';
import { isSelectType, type CustomFieldType } from './custom-fields-rules';

export function customFieldNotFound(name: string) {
  return notFound(`Custom field ${name} not found`);
}

export interface NewCustomFieldInput {
  name: string;
  type: CustomFieldType;
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}

/** Only select fields have options: a PATCH of the options of another type is a 400. */
export function refuseOptionsOfNonSelect(field: CustomField, changes: CustomFieldChanges): void {
  if (changes.options !== undefined && !isSelectType(field.type)) {
    throw badRequest(`Invalid body field "options": a ${field.type} field has no options (only select:single and select:multi fields do)`);
  }
}

/** The fields a PATCH changes (its event names them); none: the PATCH changes nothing. */
export function changedCustomFieldFields(changes: CustomFieldChanges): (keyof CustomFieldChanges)[] {
  return (Object.keys(changes) as (keyof CustomFieldChanges)[]).filter((k) => changes[k] !== undefined);
}
