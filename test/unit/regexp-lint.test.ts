// The regular-expression rules of eslint.regexp.mjs, shown on small fixtures: the
// base64 pattern that stalled the process is an error, its linear replacement is not.
import { join } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = join(__dirname, '..', '..');

// Only the regular-expression rules (ESLint loads the module config itself; the fixtures are not on disk).
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: join(ROOT, 'test', 'fixtures', 'regexp-lint.config.mjs') });

/** The messages `code` gets as the file at `path` (relative to the repository). */
async function errorsOf(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const SCHEMA = 'services/content/src/modules/change-requests/http/content-changes.schema.ts';

describe('the regular-expression rules (eslint.regexp.mjs)', () => {
  it.each([
    [
      'the base64 pattern that once stalled the process',
      SCHEMA,
      String.raw`export const base64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;`,
      'regexp/no-super-linear-backtracking',
    ],
    [
      'an e-mail pattern trading dots',
      'services/identity/src/modules/accounts/grpc/x.ts',
      String.raw`export const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;`,
      'regexp/no-super-linear-backtracking',
    ],
    [
      'overlapping alternatives under a quantifier',
      'packages/formats/src/x.ts',
      String.raw`export const emoji = /^(?:\p{Emoji_Component}|\u200d)+$/u;`,
      'regexp/no-dupe-disjunctions',
    ],
    [
      'an unanchored trim in a route',
      'services/sites/src/modules/sites/http/x.schema.ts',
      String.raw`export const trim = (v: string) => v.replace(/\/+$/, '');`,
      'regexp/no-super-linear-move',
    ],
  ])('refuses %s', async (_name, path, code, rule) => {
    expect((await errorsOf(path, code)).join('\n')).toContain(rule);
  });

  it.each([
    ['the base64 pattern as fixed', SCHEMA, String.raw`export const base64 = /^[A-Za-z0-9+/\s]*(?:={1,2}\s*)?$/;`],
    [
      'a trim that starts only at the first slash',
      'services/sites/src/modules/sites/http/x.schema.ts',
      String.raw`export const trim = (v: string) => v.replace(/(?<!\/)\/+$/, '');`,
    ],
  ])('accepts %s', async (_name, path, code) => {
    expect(await errorsOf(path, code)).toEqual([]);
  });
});
