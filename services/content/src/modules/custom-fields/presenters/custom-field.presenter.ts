import type { UrlBuilder } from '@quire/urls';
import type { CustomField, CustomFieldWithValue } from '../model/custom-field';

/** Reference schema (0.91.0): CustomField. It has no `object` discriminator; `options` only on select fields. */
export function presentCustomField(field: CustomField, urls: UrlBuilder) {
  return {
    id: field.id,
    name: field.name,
    title: field.title,
    description: field.description,
    placeholder: field.placeholder,
    type: field.type,
    ...(field.options ? { options: field.options } : {}),
    createdAt: field.createdAt.toISOString(),
    updatedAt: field.updatedAt.toISOString(),
    urls: { location: urls.api(`/orgs/${field.organizationId}/custom-fields/${encodeURIComponent(field.name)}`) },
  };
}

/** Reference schema (0.91.0): an entry of CustomFieldValues; `value` only when the space has one. */
export function presentCustomFieldValue({ value, ...field }: CustomFieldWithValue, urls: UrlBuilder) {
  return {
    customField: presentCustomField(field, urls),
    ...(value === null ? {} : { value }),
  };
}
