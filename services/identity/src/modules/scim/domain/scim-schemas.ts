// The schemas Quire's SCIM service supports (RFC 7643 §4 and §7): a subset of the core User and
// Group schemas, the attributes an identity provider needs to provision people and teams.

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SEARCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:SearchRequest';
export const SERVICE_PROVIDER_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
export const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

interface AttributeOptions {
  type?: 'string' | 'boolean' | 'complex' | 'reference';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  uniqueness?: 'none' | 'server';
  subAttributes?: ReturnType<typeof attribute>[];
  referenceTypes?: string[];
  canonicalValues?: string[];
}

function attribute(name: string, description: string, options: AttributeOptions = {}): Record<string, unknown> {
  const { type = 'string', subAttributes, referenceTypes, canonicalValues, ...rest } = options;
  return {
    name,
    type,
    multiValued: false,
    description,
    required: false,
    ...(type === 'string' || type === 'reference' ? { caseExact: false } : {}),
    mutability: 'readWrite',
    returned: 'default',
    ...(type === 'string' || type === 'reference' ? { uniqueness: 'none' } : {}),
    ...rest,
    ...(subAttributes ? { subAttributes } : {}),
    ...(referenceTypes ? { referenceTypes } : {}),
    ...(canonicalValues ? { canonicalValues } : {}),
  };
}

const USER_ATTRIBUTES = [
  attribute('userName', 'Unique identifier for the User, typically their e-mail address.', { required: true, uniqueness: 'server' }),
  attribute('name', "The components of the user's name.", {
    type: 'complex',
    subAttributes: [attribute('formatted', 'The full name.'), attribute('familyName', 'The family name.'), attribute('givenName', 'The given name.')],
  }),
  attribute('displayName', 'The name of the User, suitable for display.'),
  attribute('emails', 'E-mail addresses; the primary one (else the first) is the Quire account it is matched to.', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attribute('value', 'The e-mail address.'),
      attribute('type', 'work, home or other.', { canonicalValues: ['work', 'home', 'other'] }),
      attribute('primary', 'The primary address.', { type: 'boolean' }),
    ],
  }),
  attribute('active', 'false removes the user from the organization.', { type: 'boolean' }),
];

const GROUP_ATTRIBUTES = [
  attribute('displayName', 'The team title.', { required: true }),
  attribute('members', 'The team members.', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attribute('value', 'The id of a User.', { mutability: 'immutable' }),
      attribute('$ref', 'The URI of the User.', { type: 'reference', referenceTypes: ['User'], mutability: 'immutable' }),
      attribute('type', 'User.', { mutability: 'immutable', canonicalValues: ['User'] }),
    ],
  }),
];

/** The Schemas resources (RFC 7643 §7), with their location under the service's base URL. */
export function schemaResources(baseUrl: string) {
  const schema = (id: string, name: string, description: string, attributes: unknown[]) => ({
    schemas: [SCHEMA_SCHEMA],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return [schema(USER_SCHEMA, 'User', 'A member of the organization', USER_ATTRIBUTES), schema(GROUP_SCHEMA, 'Group', 'A team', GROUP_ATTRIBUTES)];
}

/** The ResourceType resources (RFC 7643 §6). */
export function resourceTypeResources(baseUrl: string) {
  const type = (id: 'User' | 'Group', endpoint: string, schema: string) => ({
    schemas: [RESOURCE_TYPE_SCHEMA],
    id,
    name: id,
    endpoint,
    description: id === 'User' ? 'Organization members' : 'Teams',
    schema,
    schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${id}` },
  });
  return [type('User', '/Users', USER_SCHEMA), type('Group', '/Groups', GROUP_SCHEMA)];
}

/** Paging and filtering limits, also the service provider configuration's. */
export const MAX_RESULTS = 200;

/** The ServiceProviderConfig resource (RFC 7643 §5). */
export function serviceProviderConfig(baseUrl: string, documentationUri: string) {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    documentationUri,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "The SCIM connection's token, shown when the connection is created or its token rotated",
        specUri: 'https://www.rfc-editor.org/rfc/rfc6750',
        documentationUri,
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}
