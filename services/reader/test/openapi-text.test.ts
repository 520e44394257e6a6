import type { specs } from '@quire/proto';
import { openApiTagsOf, operationText, replaceOpenApiTags, schemaText } from '../src/modules/machine-readable/domain/openapi-text';
import { withOpenApiText } from '../src/modules/machine-readable/application/openapi-text';

const OPERATION: specs.OpenApiOperation = {
  method: 'put',
  path: '/scalers/{scalerId}',
  name: '',
  summary: 'Update a scaler',
  description: 'Changes the | replicas.',
  deprecated: false,
  parameters: [
    { name: 'scalerId', in: 'path', required: true, type: 'string', description: 'The scaler' },
    { name: 'dryRun', in: 'query', required: false, type: 'boolean', description: '' },
  ],
  requestBody: {
    description: 'The new settings',
    required: true,
    contentType: 'application/json',
    schema: JSON.stringify({
      type: 'object',
      required: ['minimum'],
      properties: {
        minimum: { type: 'integer', description: 'Fewest replicas kept' },
        mode: { type: 'string', enum: ['fast', 'steady'] },
        window: { type: 'object', properties: { seconds: { type: 'integer', description: 'Length' } } },
      },
    }),
  },
  responses: [
    {
      status: '200',
      description: 'Updated',
      contentType: 'application/json',
      schema: JSON.stringify({ type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } }),
    },
    { status: '404', description: 'No such scaler', contentType: '', schema: '' },
  ],
  truncated: false,
} as specs.OpenApiOperation;

const TAG = '{% openapi-operation spec="scaler" path="/scalers/{scalerId}" method="put" %}\n{% endopenapi-operation %}';

describe('API reference blocks as text', () => {
  it('finds the tags outside fenced code, with what they name', () => {
    const markdown = [
      'Intro.',
      TAG,
      '```',
      '{% openapi-webhook spec="s" name="fired" method="post" %}',
      '```',
      '{% openapi-schemas spec="scaler" schemas="Scaler,Window" grouped="false" %}',
      '{% endopenapi-schemas %}',
      '{% swagger src="https://example.com/spec.json" path="/a" method="get" %}',
    ].join('\n');
    expect(openApiTagsOf(markdown)).toEqual([
      { kind: 'operation', ref: { spec: 'scaler', path: '/scalers/{scalerId}', method: 'put' } },
      { kind: 'schemas', spec: 'scaler', names: ['Scaler', 'Window'] },
      { kind: 'swagger', ref: { url: 'https://example.com/spec.json', path: '/a', method: 'get' } },
    ]);
  });

  it('replaces a tag and its closing tag, indented as it was; an unanswered tag stays', () => {
    const markdown = `Before.\n\n  ${TAG.replace('\n', '\n  ')}\n\nAfter.`;
    expect(replaceOpenApiTags(markdown, () => 'one\n\ntwo')).toBe('Before.\n\n  one\n\n  two\n\nAfter.');
    expect(replaceOpenApiTags(markdown, () => undefined)).toBe(markdown);
  });

  it('renders an operation: method and path, summary, parameters, body properties, responses', () => {
    const text = operationText(OPERATION);
    expect(text).toContain('**`PUT /scalers/{scalerId}`**: Update a scaler');
    expect(text).toContain('Changes the | replicas.');
    expect(text).toContain('| `scalerId` | path | string | yes | The scaler |');
    expect(text).toContain('| `dryRun` | query | boolean | no |  |');
    expect(text).toContain('Request body (`application/json`, required, The new settings):');
    expect(text).toContain('| `minimum` | integer | yes | Fewest replicas kept |');
    expect(text).toContain('| `mode` | string (one of fast, steady) | no |  |');
    expect(text).toContain('| `window.seconds` | integer | no | Length |');
    expect(text).toContain('- `200`: Updated, `application/json`');
    expect(text).toContain('  | `id` | string | no |  |');
    expect(text).toContain('- `404`: No such scaler');
  });

  it('renders a schema; a cut schema (no JSON) as its text in a code block', () => {
    expect(
      schemaText({ name: 'Window', description: 'A window', type: 'object', schema: JSON.stringify({ properties: { seconds: { type: 'integer' } } }) }),
    ).toBe('**Window** (object): A window\n\n| Property | Type | Required | Description |\n| --- | --- | --- | --- |\n| `seconds` | integer | no |  |');
    expect(schemaText({ name: 'Big', description: '', type: 'object', schema: '{\n  "type": "obj\n…' })).toContain('```json\n{\n  "type": "obj\n…\n```');
  });

  it('reads every tag of the pages from specs in one call and keeps what specs does not find', async () => {
    const calls: specs.GetPublishedOperationsRequest[] = [];
    const getPublishedOperations = async (request: specs.GetPublishedOperationsRequest) => {
      calls.push(request);
      return {
        operations: request.operations.map((ref) => ({ ...ref, found: true, operation: OPERATION })),
        schemas: request.schemas.map((ref) => ({ ...ref, found: false })),
        webhooks: [],
        swaggerOperations: [],
      };
    };
    const deps = { specs: () => ({ getPublishedOperations }) as never };
    const schemas = '{% openapi-schemas spec="scaler" schemas="Gone" %}\n{% endopenapi-schemas %}';
    const {
      markdowns: [first, second],
      isComplete,
    } = await withOpenApiText(deps, 'token', [`A.\n${TAG}`, `B.\n${TAG}\n${schemas}`]);
    expect(isComplete).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      apiToken: 'token',
      operations: [{ spec: 'scaler', path: '/scalers/{scalerId}', method: 'put' }],
      schemas: [{ spec: 'scaler', name: 'Gone' }],
    });
    expect(first).toContain('**`PUT /scalers/{scalerId}`**');
    expect(second).not.toContain('openapi-operation');
    expect(second).toContain(schemas);
  });

  it('keeps the tags when specs fails, and says the answer is not complete (not to be kept)', async () => {
    const deps = { specs: () => ({ getPublishedOperations: () => Promise.reject(new Error('down')) }) as never };
    expect(await withOpenApiText(deps, 'token', [TAG])).toEqual({ markdowns: [TAG], isComplete: false });
  });
});
