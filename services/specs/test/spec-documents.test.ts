import { DependencyUnavailableError } from '@quire/errors';
import { checkSpecDocument, parseSpecText } from '../src/modules/openapi-specs/domain/spec-document';
import { itemJsonOf } from '../src/modules/openapi-specs/domain/spec-document-tasks';
import { SpecDocuments } from '../src/modules/openapi-specs/domain/spec-documents';
import type { SpecParseSettings } from '../src/settings';
import { largeYamlSpec } from '../../../test/support/openapi-specs';

// Parsing and validating off the event loop (spec-documents.ts): real threads running the built
// worker (npm run build first), as the service starts them.

const LARGE = largeYamlSpec(6_000);
const REFS = [
  { kind: 'operation', path: '/items7/{itemId}', method: 'get' },
  { kind: 'operation', path: '/items5999/{itemId}', method: 'GET' },
  { kind: 'operation', path: '/nowhere', method: 'get' },
] as const;
const SETTINGS: SpecParseSettings = { threads: 1, maxQueue: 16, timeoutMs: 60_000, inlineBytes: 64 * 1024 };

const made: SpecDocuments[] = [];
const specDocuments = (settings: Partial<SpecParseSettings> = {}) => {
  const documents = new SpecDocuments({ ...SETTINGS, ...settings });
  made.push(documents);
  return documents;
};
afterEach(async () => {
  await Promise.all(made.splice(0).map((d) => d.close()));
});

/** The longest the event loop went without running a 5 ms timer while `work` ran. */
async function loopLag<T>(work: Promise<T>): Promise<{ lag: number; value: T }> {
  let lag = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lag = Math.max(lag, now - last);
    last = now;
  }, 5);
  const value = await work.finally(() => clearInterval(timer));
  return { lag, value };
}

describe('SpecDocuments', () => {
  it(`parses and validates a ${(LARGE.length / 1e6).toFixed(1)} MB YAML spec while the event loop keeps ticking, answering as inline`, async () => {
    expect(LARGE.length).toBeGreaterThan(4_000_000);
    const documents = specDocuments();
    // Inline, the parse alone stalls the loop for over a second (docs/specs.md: 3.5 s for a 9 MB YAML).
    const read = await loopLag(documents.items('version-1', LARGE, REFS));
    expect(read.lag).toBeLessThan(500);
    const checked = await loopLag(documents.check(LARGE));
    expect(checked.lag).toBeLessThan(500);

    expect(checked.value).toEqual(await checkSpecDocument(LARGE));
    expect(checked.value).toMatchObject({ ok: true, spec: { fileName: 'openapi.yaml', mediaType: 'application/yaml' } });
    expect(read.value).toEqual(itemJsonOf(parseSpecText(LARGE), REFS));
    expect(read.value?.[0]).toContain('"summary":"Get item 7"');
    expect(read.value?.[2]).toBe('');
  });

  it("answers a thread's check as checkSpecDocument does: YAML errors with line and column, not OpenAPI, invalid", async () => {
    const documents = specDocuments();
    for (const text of ['openapi: 3.0.0\ninfo:\n  title: [unclosed\npaths: {}\n', '[1, 2]', JSON.stringify({ openapi: '3.0.0', paths: {} })]) {
      expect(await documents.check(text)).toEqual(await checkSpecDocument(text));
    }
    expect(await documents.check('openapi: 3.0.0\ninfo:\n  title: [unclosed\npaths: {}\n')).toMatchObject({
      ok: false,
      errors: [{ message: expect.stringMatching(/^line \d+, column \d+: /) }],
    });
  });

  it('parses a small stored document inline, and a large one in a thread, alike', async () => {
    const small = largeYamlSpec(3);
    expect(small.length).toBeLessThan(SETTINGS.inlineBytes);
    const refs = [{ kind: 'operation', path: '/items1/{itemId}', method: 'get' }] as const;
    const inline = await specDocuments().items('version-small', small, refs);
    const threaded = await specDocuments({ inlineBytes: 0 }).items('version-small-2', small, refs);
    expect(threaded).toEqual(inline);
    expect(inline?.[0]).toContain('"summary":"Get item 1"');
  });

  it('stops a parse over its time limit, answers it as a failed check or no operations, and goes on with a fresh thread', async () => {
    // 3 s: a fresh thread loading the parsers takes a few hundred ms on a loaded machine; a 22 MB YAML
    // takes over 5 s to parse, more to validate.
    const documents = specDocuments({ timeoutMs: 3_000 });
    const huge = largeYamlSpec(30_000);
    const started = Date.now();
    expect(await documents.check(huge)).toEqual({
      ok: false,
      errors: [{ code: 'TIMEOUT', message: 'Validating this document took longer than 3 s and was stopped' }],
      errorCount: 1,
    });
    expect(await documents.items('version-2', huge, REFS)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(20_000);
    // The pool still works after its threads were terminated.
    expect(await documents.check(largeYamlSpec(2))).toMatchObject({ ok: true });
    const [item] = (await documents.items('version-3', largeYamlSpec(2), [{ kind: 'operation', path: '/items1/{itemId}', method: 'get' }])) ?? [];
    expect(item).toContain('"summary":"Get item 1"');
  });

  it('throws DependencyUnavailableError (the job is delivered again) when the queue is full or the service stops', async () => {
    const documents = specDocuments({ maxQueue: 0 });
    const running = documents.check(LARGE).catch((err: unknown) => err);
    await expect(documents.check(largeYamlSpec(1))).rejects.toBeInstanceOf(DependencyUnavailableError);
    expect(await documents.items('version-4', LARGE, REFS)).toBeUndefined();
    await documents.close();
    expect(await running).toBeInstanceOf(DependencyUnavailableError);
    await expect(documents.check(largeYamlSpec(1))).rejects.toThrow(/stopping/);
  });
});
