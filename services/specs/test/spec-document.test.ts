import { checkSpecDocument, sha256Of } from '../src/modules/openapi-specs/domain/spec-document';

const OPENAPI_31 = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } },
});
const SWAGGER_20 = 'swagger: "2.0"\ninfo:\n  title: T\n  version: "1"\npaths: {}\n';

describe('checkSpecDocument', () => {
  it('accepts OpenAPI 3.1 JSON and Swagger 2.0 YAML, naming the file by its format', async () => {
    expect(await checkSpecDocument(OPENAPI_31)).toEqual({
      ok: true,
      spec: { sha256: sha256Of(OPENAPI_31), fileName: 'openapi.json', mediaType: 'application/json' },
    });
    expect(await checkSpecDocument(SWAGGER_20)).toMatchObject({ ok: true, spec: { fileName: 'openapi.yaml', mediaType: 'application/yaml' } });
  });

  it('names the line of a YAML syntax error', async () => {
    const result = await checkSpecDocument('openapi: 3.0.0\ninfo:\n  title: [unclosed\npaths: {}\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.message).toMatch(/^line \d+, column \d+: /);
  });

  it('refuses documents that are not OpenAPI, and invalid ones with the parser messages', async () => {
    expect(await checkSpecDocument('[1, 2]')).toMatchObject({ ok: false, errors: [{ code: 'NOT_OPENAPI' }] });
    expect(await checkSpecDocument('just text')).toMatchObject({ ok: false, errors: [{ code: 'NOT_OPENAPI' }] });
    const invalid = await checkSpecDocument(JSON.stringify({ openapi: '3.0.0', paths: {} }));
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(JSON.stringify(invalid.errors)).toMatch(/info/);
  });

  it('keeps the first 20 errors and counts them all (0.202.0: lastProcessedErrorCount)', async () => {
    const paths = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`/p${i}`, { get: { responses: 'none' } }]));
    const result = await checkSpecDocument(JSON.stringify({ openapi: '3.0.0', info: { title: 'T', version: '1' }, paths }));
    expect(result).toMatchObject({ ok: false, errorCount: 30 });
    if (!result.ok) expect(result.errors).toHaveLength(20);
    expect(await checkSpecDocument('[1, 2]')).toMatchObject({ ok: false, errorCount: 1 });
  });

  it('never resolves an external $ref (no file read, no fetch)', async () => {
    const doc = {
      openapi: '3.0.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: 'http://127.0.0.1:9/x.json' } } } } } } },
      },
    };
    const started = Date.now();
    const result = await checkSpecDocument(JSON.stringify(doc));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(JSON.stringify(result)).not.toMatch(/ECONNREFUSED/);
  });
});
