import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSpecText } from '../src/modules/openapi-specs/domain/spec-document';
import { OPERATION_LIMITS, operationOf } from '../src/modules/openapi-specs/domain/spec-operation';

// One operation of a stored document as the reader's openapi-operation block shows it.

const OPENAPI_3 = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets/{petId}': {
      parameters: [
        { name: 'petId', in: 'path', required: true, description: 'The pet', schema: { type: 'integer', format: 'int64' } },
        { $ref: '#/components/parameters/Trace' },
      ],
      get: {
        summary: 'Get a pet',
        description: 'One pet by id',
        parameters: [
          { name: 'fields', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'petId', in: 'path', required: true, description: 'Overridden', schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'The pet', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          default: { $ref: '#/components/responses/Error' },
        },
      },
      put: {
        deprecated: true,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: { '204': { description: 'Saved' } },
      },
    },
  },
  components: {
    parameters: { Trace: { name: 'X-Trace', in: 'header', schema: { type: 'string' } } },
    responses: { Error: { description: 'Something failed', content: { 'application/json': { schema: { type: 'object' } } } } },
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', example: 'Rex' }, example: { type: 'boolean' }, owner: { $ref: '#/components/schemas/Owner' } },
      },
      // A cycle: Owner → Pet → Owner.
      Owner: { type: 'object', properties: { pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
    },
  },
};

describe('operationOf', () => {
  it('reads method, path, summary, description, parameters (path-level ones overridden), responses with resolved schemas', () => {
    const op = operationOf(OPENAPI_3, '/pets/{petId}', 'GET');
    expect(op).toMatchObject({ method: 'get', path: '/pets/{petId}', summary: 'Get a pet', description: 'One pet by id', deprecated: false, truncated: false });
    expect(op?.parameters).toEqual([
      { name: 'petId', in: 'path', required: true, type: 'string', description: 'Overridden' },
      { name: 'X-Trace', in: 'header', required: false, type: 'string', description: '' },
      { name: 'fields', in: 'query', required: false, type: 'array of string', description: '' },
    ]);
    expect(op?.responses.map((r) => [r.status, r.description, r.contentType])).toEqual([
      ['200', 'The pet', 'application/json'],
      ['default', 'Something failed', 'application/json'],
    ]);
    const pet = JSON.parse(op?.responses[0]?.schema ?? '') as { properties: { name: unknown; owner: { properties: { pets: { items: unknown } } } } };
    // Refs inlined, examples left out, the cycle kept as a $ref.
    expect(pet.properties.name).toEqual({ type: 'string' });
    expect((pet.properties as Record<string, unknown>).example).toEqual({ type: 'boolean' });
    expect(pet.properties.owner.properties.pets.items).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(op?.responses[0]?.schema).toContain('\n  "type": "object"');
  });

  it('reads the request body and the deprecated flag', () => {
    const op = operationOf(OPENAPI_3, '/pets/{petId}', 'put');
    expect(op?.deprecated).toBe(true);
    expect(op?.requestBody).toMatchObject({ required: true, contentType: 'application/json' });
    expect(op?.requestBody?.schema).toContain('"required": [');
  });

  it('reads Swagger 2.0: parameter types, the body parameter, response schemas', () => {
    const swagger = {
      swagger: '2.0',
      info: { title: 'S', version: '1' },
      paths: {
        '/pets': {
          post: {
            parameters: [
              { name: 'body', in: 'body', required: true, description: 'A pet', schema: { $ref: '#/definitions/Pet' } },
              { name: 'dry', in: 'query', type: 'boolean' },
            ],
            responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Pet' } } },
          },
        },
      },
      definitions: { Pet: { type: 'object', properties: { id: { type: 'integer' } } } },
    };
    const op = operationOf(swagger, '/pets', 'post');
    expect(op?.parameters).toEqual([{ name: 'dry', in: 'query', required: false, type: 'boolean', description: '' }]);
    expect(op?.requestBody).toMatchObject({ required: true, description: 'A pet' });
    expect(JSON.parse(op?.requestBody?.schema ?? '')).toEqual({ type: 'object', properties: { id: { type: 'integer' } } });
    expect(JSON.parse(op?.responses[0]?.schema ?? '')).toEqual({ type: 'object', properties: { id: { type: 'integer' } } });
  });

  it('answers undefined for an unknown path, an unknown or invalid method, or no document', () => {
    expect(operationOf(OPENAPI_3, '/nope', 'get')).toBeUndefined();
    expect(operationOf(OPENAPI_3, '/pets/{petId}', 'delete')).toBeUndefined();
    expect(operationOf(OPENAPI_3, '/pets/{petId}', 'parameters')).toBeUndefined();
    expect(operationOf(OPENAPI_3, 'constructor', 'get')).toBeUndefined();
    expect(operationOf(null, '/pets/{petId}', 'get')).toBeUndefined();
  });

  it('bounds what a huge operation gives: parameters, responses, schema text', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ name: `p${i}`, in: 'query', schema: { type: 'string' } }));
    const responses = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`${200 + i}`, { description: 'x'.repeat(10_000) }]));
    const big = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, { type: 'string', description: 'y'.repeat(500) }])),
    };
    const op = operationOf(
      { openapi: '3.0.0', paths: { '/x': { get: { parameters: many, responses, requestBody: { content: { 'a/b': { schema: big } } } } } } },
      '/x',
      'get',
    );
    expect(op?.parameters).toHaveLength(OPERATION_LIMITS.parameters);
    expect(op?.responses).toHaveLength(OPERATION_LIMITS.responses);
    expect(op?.truncated).toBe(true);
    expect(op?.responses[0]?.description.length).toBeLessThanOrEqual(OPERATION_LIMITS.text + 1);
    expect(op?.requestBody?.schema.length).toBeLessThanOrEqual(OPERATION_LIMITS.schemaChars + 2);
    expect(JSON.stringify(op).length).toBeLessThan(200_000);
  });

  it("reads an operation of GitHub's 5.8 MB description, bounded", () => {
    const text = gunzipSync(readFileSync(join(__dirname, '../../../test/fixtures/openapi/github-api.octokit-openapi-10.0.0.json.gz'))).toString('utf8');
    const op = operationOf(parseSpecText(text), '/repos/{owner}/{repo}', 'get');
    expect(op?.summary).toBe('Get a repository');
    expect(op?.parameters.map((p) => p.name)).toEqual(['owner', 'repo']);
    expect(op?.responses.map((r) => r.status)).toContain('200');
    expect(op?.responses[0]?.schema.length).toBeLessThanOrEqual(OPERATION_LIMITS.schemaChars + 2);
  });
});
