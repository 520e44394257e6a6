export { customFieldsRoutes } from './http/custom-fields.routes';
export { copySpaceCustomFieldValues, moveSpaceCustomFieldValues } from './store/custom-field-values.store';
