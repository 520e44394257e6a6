// A custom field as the store reads it: the shape store, domain, application and presenters share.
import type { CustomFieldValue } from './custom-field-value';

/** A custom field definition (reference schema, 0.91.0: CustomField). */
export interface CustomField {
  id: string;
  organizationId: string;
  name: string;
  type: string;
  title: string;
  description: string;
  placeholder: string;
  options: string[] | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A definition with a space's value for it (null when the space has none). */
export interface CustomFieldWithValue extends CustomField {
  value: CustomFieldValue | null;
}

/** The fields of a definition a PATCH changes (absent: unchanged). */
export interface CustomFieldChanges {
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}
