import { componentSchemaOf, SCHEMA_LIMITS } from '../src/modules/openapi-specs/domain/spec-schema';
import { webhookOf } from '../src/modules/openapi-specs/domain/spec-operation';
import { specSlugOfAddress } from '../src/modules/openapi-specs/domain/spec-address';

// What the reader's openapi-schemas and openapi-webhook blocks show of a stored document, and how a
// swagger block's URL names one of the organization's own specs.

const OPENAPI_31 = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  webhooks: {
    newPet: {
      post: {
        summary: 'A pet was added',
        description: 'Sent when a pet is created',
        requestBody: { description: 'The new pet', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: { '200': { description: 'Received' } },
      },
    },
    referenced: { $ref: '#/components/pathItems/Gone' },
  },
  components: {
    pathItems: { Gone: { delete: { summary: 'A pet is gone', responses: { '204': { description: 'ok' } } } } },
    schemas: {
      Pet: {
        type: 'object',
        description: 'A pet of the store',
        required: ['name'],
        properties: { name: { type: 'string', example: 'Rex' }, owner: { $ref: '#/components/schemas/Owner' } },
      },
      // A cycle: Owner → Pet → Owner.
      Owner: { type: 'object', properties: { pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
      Alias: { $ref: '#/components/schemas/Pet' },
      Bad: { $ref: '#/components/schemas/%E0' },
    },
  },
};

describe('componentSchemaOf', () => {
  it('reads a named schema: its description, type and pretty JSON with local refs inlined, a cycle kept as $ref, examples left out', () => {
    const view = componentSchemaOf(OPENAPI_31, 'Pet');
    expect(view).toMatchObject({ name: 'Pet', description: 'A pet of the store', type: 'object' });
    const schema = JSON.parse(view!.schema) as { properties: { name: unknown; owner: { properties: { pets: { items: unknown } } } } };
    expect(schema.properties.name).toEqual({ type: 'string' });
    expect(schema.properties.owner.properties.pets.items).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(componentSchemaOf(OPENAPI_31, 'Alias')).toMatchObject({ name: 'Alias', description: 'A pet of the store', type: 'Pet' });
  });

  it('reads Swagger 2.0 definitions', () => {
    const swagger = { swagger: '2.0', definitions: { Tag: { type: 'object', title: 'A tag', properties: { id: { type: 'integer' } } } } };
    expect(componentSchemaOf(swagger, 'Tag')).toMatchObject({ name: 'Tag', description: 'A tag', type: 'object' });
  });

  it('answers undefined for an unknown name, an inherited property name, no document or a malformed pointer without throwing', () => {
    expect(componentSchemaOf(OPENAPI_31, 'Nope')).toBeUndefined();
    expect(componentSchemaOf(OPENAPI_31, 'constructor')).toBeUndefined();
    expect(componentSchemaOf(OPENAPI_31, '')).toBeUndefined();
    expect(componentSchemaOf(null, 'Pet')).toBeUndefined();
    expect(componentSchemaOf({ openapi: '3.0.0' }, 'Pet')).toBeUndefined();
    expect(componentSchemaOf(OPENAPI_31, 'Bad')?.schema).toContain('%E0');
  });

  it('bounds a huge or deeply nested schema as operations are bounded', () => {
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`p${i}`, { type: 'string', description: 'x'.repeat(50) }])),
    };
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { $ref: `#/components/schemas/D${i}` };
    const schemas: Record<string, unknown> = { Wide: wide, Deep: deep, Long: { description: 'y'.repeat(10_000) } };
    for (let i = 0; i < 40; i++) schemas[`D${i}`] = { type: 'object', properties: { next: { $ref: `#/components/schemas/D${i + 1}` } } };
    const document = { openapi: '3.0.0', components: { schemas } };
    const view = componentSchemaOf(document, 'Wide')!;
    expect(view.schema.length).toBeLessThanOrEqual(SCHEMA_LIMITS.schemaChars + 2);
    expect(view.schema.endsWith('\n…')).toBe(true);
    const nested = componentSchemaOf(document, 'Deep')!.schema;
    expect(nested).toContain('"$ref": "#/components/schemas/D');
    expect(componentSchemaOf(document, 'Long')!.description).toHaveLength(SCHEMA_LIMITS.text + 1);
  });
});

describe('webhookOf', () => {
  it('reads an OpenAPI 3.1 webhook like an operation: method, name, summary, description, request body schema, responses', () => {
    const view = webhookOf(OPENAPI_31, 'newPet', 'POST');
    expect(view).toMatchObject({ method: 'post', name: 'newPet', summary: 'A pet was added', description: 'Sent when a pet is created', truncated: false });
    expect(view?.path).toBe('');
    expect(view?.requestBody).toMatchObject({ description: 'The new pet', contentType: 'application/json' });
    expect(JSON.parse(view!.requestBody!.schema)).toMatchObject({ type: 'object', required: ['name'] });
    expect(view?.responses).toEqual([{ status: '200', description: 'Received', contentType: '', schema: '' }]);
  });

  it('follows a referenced path item; answers undefined for an unknown name or method, a path instead of a webhook, or no webhooks', () => {
    expect(webhookOf(OPENAPI_31, 'referenced', 'delete')).toMatchObject({ name: 'referenced', summary: 'A pet is gone' });
    expect(webhookOf(OPENAPI_31, 'newPet', 'get')).toBeUndefined();
    expect(webhookOf(OPENAPI_31, 'newPet', 'nope')).toBeUndefined();
    expect(webhookOf(OPENAPI_31, 'missing', 'post')).toBeUndefined();
    expect(webhookOf({ openapi: '3.0.3', paths: { newPet: { post: {} } } }, 'newPet', 'post')).toBeUndefined();
    expect(webhookOf(undefined, 'newPet', 'post')).toBeUndefined();
  });
});

describe('specSlugOfAddress', () => {
  it('names the slug of a spec address of the organization: API location, a version below it, the app address', () => {
    expect(specSlugOfAddress('https://quire.example/v1/orgs/org1/openapi/pet-store', 'org1')).toBe('pet-store');
    expect(specSlugOfAddress('http://localhost:8080/v1/orgs/org1/openapi/pets/versions/v1/', 'org1')).toBe('pets');
    expect(specSlugOfAddress('https://quire.example/o/org1/openapi/pets', 'org1')).toBe('pets');
  });

  it('answers undefined for another organization, another address, a bad slug or scheme, or no URL', () => {
    expect(specSlugOfAddress('https://quire.example/v1/orgs/org2/openapi/pets', 'org1')).toBeUndefined();
    expect(specSlugOfAddress('https://example.com/openapi.yaml', 'org1')).toBeUndefined();
    expect(specSlugOfAddress('https://quire.example/v1/orgs/org1/openapi/Pets', 'org1')).toBeUndefined();
    expect(specSlugOfAddress('javascript:/v1/orgs/org1/openapi/pets', 'org1')).toBeUndefined();
    expect(specSlugOfAddress('/v1/orgs/org1/openapi/pets', 'org1')).toBeUndefined();
    expect(specSlugOfAddress('https://q.example/v1/orgs/%E0/openapi/pets', 'org1')).toBeUndefined();
  });
});
