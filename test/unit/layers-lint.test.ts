// The import rules of eslint.layers.cjs (docs/conventions.md, Layers and Packages), shown on small
// fixtures at paths of the module layout (docs/conventions.md): every arrow between the layers of a module that goes
// up is an error and every arrow down is not; a module reaches another only through its face;
// settings.ts is the bottom of its service; every file under a service's src/ is in a declared place
// (the old horizontal layout is refused); functions fit in 80 lines in every layer; domain/ is pure (no store, SQL, outbox or transaction), http/ checks no role, a face exports no store function; the
// packages under packages/ sit below every service; the gateway, the apps and the tools keep to
// their rooms.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = join(__dirname, '..', '..');
const { layerRules } = createRequire(__filename)(join(ROOT, 'eslint.layers.cjs')) as { layerRules: Linter.Config[] };

// Only the layer rules, with a parser that needs no type information (the fixtures are not on disk).
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } }, ...layerRules],
});

/** The messages `code` gets as the file at `path` (relative to the repository). */
async function errorsOf(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

/** Expects exactly one error, of `rule`, saying `message`. */
async function expectRefused(path: string, code: string, rule: string, message: string): Promise<void> {
  const errors = await errorsOf(path, code);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toContain(`${rule}: `);
  expect(errors[0]).toContain(message);
}

const SPACES = 'services/content/src/modules/spaces';

describe('the layers of a module (quire/module-layers)', () => {
  // The layer order of docs/conventions.md, written out here (not read from eslint.layers.cjs) so that
  // a change to the rule's table shows up as a failing arrow.
  const MAY_IMPORT: Record<string, string[]> = {
    http: ['application', 'presenters', 'policies', 'domain', 'events', 'model'],
    grpc: ['application', 'presenters', 'policies', 'domain', 'events', 'store', 'model'],
    consumers: ['application', 'presenters', 'policies', 'domain', 'events', 'store', 'model'],
    jobs: ['application', 'presenters', 'policies', 'domain', 'events', 'store', 'model'],
    application: ['policies', 'domain', 'events', 'store', 'model'],
    presenters: ['policies', 'domain', 'model'],
    policies: ['domain', 'store', 'model'],
    domain: ['events', 'model'],
    events: ['model'],
    store: ['model'],
    model: [],
  };
  /** One file of each layer of the spaces module (most of them its real files). */
  const FILE: Record<string, string> = {
    http: 'http/spaces.routes',
    grpc: 'grpc/content.grpc',
    consumers: 'consumers/space-events.consumer',
    jobs: 'jobs/space-sweeper',
    application: 'application/update-space',
    presenters: 'presenters/space.presenter',
    policies: 'policies/space.policy',
    domain: 'domain/spaces',
    events: 'events/space-events',
    store: 'store/spaces.store',
    model: 'model/space-changes',
  };
  const LAYERS = Object.keys(MAY_IMPORT);
  const arrows = LAYERS.flatMap((from) => LAYERS.filter((to) => to !== from).map((to) => [from, to] as const));
  const forbidden = arrows.filter(([from, to]) => !MAY_IMPORT[from].includes(to));
  const allowed = arrows.filter(([from, to]) => MAY_IMPORT[from].includes(to));

  it('covers every pair of layers', () => {
    expect(forbidden).toHaveLength(68);
    expect(allowed).toHaveLength(42);
  });

  it.each(forbidden)('refuses %s → %s', async (from, to) => {
    await expectRefused(
      `${SPACES}/${FILE[from]}.ts`,
      `import { a } from '../${FILE[to]}';`,
      'quire/module-layers',
      `${from}/ may not import ${to}/ (it may import: ${MAY_IMPORT[from].join(', ') || 'nothing'})`,
    );
  });

  it.each(allowed)('allows %s → %s', async (from, to) => {
    expect(await errorsOf(`${SPACES}/${FILE[from]}.ts`, `import { a } from '../${FILE[to]}';`)).toEqual([]);
  });

  it.each(LAYERS)('allows %s → its own folder', async (layer) => {
    expect(await errorsOf(`${SPACES}/${FILE[layer]}.ts`, `import { a } from './other';\nimport { b } from './nested/deeper';`)).toEqual([]);
  });

  it.each([
    ['from a nested file', `${SPACES}/http/spaces/spaces.routes.ts`, "import { a } from '../../store/spaces.store';", 'http/ may not import store/'],
    ['into a nested file', `${SPACES}/store/spaces.store.ts`, "import type { a } from '../domain/spaces/retention';", 'store/ may not import domain/'],
    [
      'as a type-only import',
      `${SPACES}/presenters/space.presenter.ts`,
      "import type { Space } from '../store/spaces.store';",
      'presenters/ may not import store/',
    ],
    ['as a re-export', `${SPACES}/store/spaces.store.ts`, "export { presentSpace } from '../presenters/space.presenter';", 'store/ may not import presenters/'],
    ['as export *', `${SPACES}/model/space-changes.ts`, "export * from '../store/spaces.store';", 'model/ may not import store/'],
    ['as a dynamic import', `${SPACES}/domain/spaces.ts`, "export const a = () => import('../http/spaces.schema');", 'domain/ may not import http/'],
    ['with a .js extension', `${SPACES}/application/update-space.ts`, "import { a } from '../http/spaces.schema.js';", 'application/ may not import http/'],
    [
      'by way of the modules folder',
      `${SPACES}/domain/spaces.ts`,
      "import { a } from '../../../modules/spaces/application/get-space';",
      'domain/ may not import application/',
    ],
    [
      'in another service',
      'services/identity/src/modules/accounts/http/users.routes.ts',
      "import { a } from '../store/users.store';",
      'http/ may not import store/',
    ],
    [
      'in a service of one module',
      'services/webhooks/src/modules/webhooks/domain/deliveries.ts',
      "import { a } from '../presenters/delivery.presenter';",
      'domain/ may not import presenters/',
    ],
  ])('refuses an arrow up %s', async (_what, path, code, message) => {
    await expectRefused(path, code, 'quire/module-layers', message);
  });

  it('allows type and value imports down, and packages and node from any layer', async () => {
    expect(
      await errorsOf(
        `${SPACES}/http/spaces/spaces.routes.ts`,
        "import { a } from '../../application/update-space';\nimport type { b } from '../../model/space-changes';\nimport { c } from '../spaces.schema';\nimport { route } from '@quire/platform/http';\nimport { join } from 'node:path';",
      ),
    ).toEqual([]);
  });
});

describe("a module's face (quire/module-layers)", () => {
  const m = 'services/content/src/modules';
  it.each([
    [
      'the store of another module',
      `${m}/spaces/application/update-space.ts`,
      "import { a } from '../../revisions/store/revision-content.store';",
      "'../../revisions'",
    ],
    // The one arrow back up the layout review found: git sync reaching into the importer.
    ['the domain of another module', `${m}/git-sync/domain/run-git-sync.ts`, "import { a } from '../../imports/domain/importer';", "'../../imports'"],
    [
      'a use case of another module',
      `${m}/collections/http/collections.routes.ts`,
      "import { a } from '../../spaces/application/get-space';",
      "'../../spaces'",
    ],
    [
      'the http of another module',
      `${m}/search/consumers/search-index.consumer.ts`,
      "import { a } from '../../revisions/http/space-content.schema';",
      "'../../revisions'",
    ],
    [
      'another module by way of the modules folder',
      `${m}/links/domain/x.ts`,
      "import { a } from '../../../modules/revisions/domain/read-content';",
      "'../../../modules/revisions'",
    ],
    ['another module from a face', `${m}/spaces/index.ts`, "export { a } from '../revisions/domain/commit-edit';", "'../revisions'"],
    ['another module from the face as export *', `${m}/spaces/index.ts`, "export * from '../revisions/store/revision-content.store';", "'../revisions'"],
  ])('refuses reaching into %s', async (_what, path, code, face) => {
    await expectRefused(path, code, 'quire/module-layers', `A module reaches another module only through its face: import ${face} (its index.ts)`);
  });

  it.each([
    ['..', `${SPACES}/domain/spaces.ts`, "import { a } from '..';"],
    ['../index', `${SPACES}/application/update-space.ts`, "import { a } from '../index';"],
    ['../../spaces', `${SPACES}/http/spaces.routes.ts`, "import { a } from '../../spaces';"],
  ])("refuses a layer importing its own module's face (%s)", async (_spec, path, code) => {
    await expectRefused(path, code, 'quire/module-layers', "not the module's face");
  });

  it.each([
    [
      'a layer → faces of other modules',
      `${m}/git-sync/domain/run-git-sync.ts`,
      "import { a } from '../../imports';\nimport { b } from '../../revisions/index';\nimport { c } from '../../shared/index.js';\nimport { d } from '../../../modules/spaces';",
    ],
    ['any entry point → faces', `${m}/search/consumers/search-index.consumer.ts`, "import { a } from '../../revisions';\nimport { b } from '../../shared';"],
    [
      "a face → its module's layers and other faces",
      `${m}/spaces/index.ts`,
      "export { a } from './application/update-space';\nexport { b } from './http/spaces.routes';\nexport type { c } from './model/space-changes';\nimport { d } from '../shared';",
    ],
  ])('allows %s', async (_what, path, code) => {
    expect(await errorsOf(path, code)).toEqual([]);
  });
});

describe('settings.ts at the bottom, the wiring at the top (quire/module-layers)', () => {
  it.each([
    ['settings → a module', 'services/content/src/settings.ts', "import { a } from './modules/imports';", 'settings.ts is the bottom'],
    [
      'settings → a layer of a module',
      'services/content/src/settings.ts',
      "import { a } from './modules/git-sync/domain/git-remote';",
      'settings.ts is the bottom',
    ],
    ['settings → the wiring', 'services/identity/src/settings.ts', "import { a } from './service';", 'settings.ts is the bottom'],
    ['settings → the process entry', 'services/sites/src/settings.ts', "import { a } from './main';", 'settings.ts is the bottom'],
    ['settings → an undeclared file', 'services/content/src/settings.ts', "import { a } from './settings-defaults';", 'settings.ts is the bottom'],
    [
      'a layer → the wiring',
      `${SPACES}/http/spaces.routes.ts`,
      "import { a } from '../../../service';",
      'Only the process entry imports the wiring (service.ts)',
    ],
    ['a layer → the process entry', `${SPACES}/domain/spaces.ts`, "import { a } from '../../../main';", 'Only the process entry imports the wiring (main.ts)'],
    ['a face → the wiring', `${SPACES}/index.ts`, "export { a } from '../../service';", 'Only the process entry imports the wiring (service.ts)'],
  ])('refuses %s', async (_what, path, code, message) => {
    await expectRefused(path, code, 'quire/module-layers', message);
  });

  it.each([
    ['any layer → settings', 'services/content/src/modules/git-sync/domain/git-remote.ts', "import { a } from '../../../settings';"],
    ['the bottom layer → settings', `${SPACES}/model/space-changes.ts`, "import type { a } from '../../../settings';"],
    ['a face → settings', `${SPACES}/index.ts`, "export { a } from '../../settings';"],
    [
      'settings → packages and node',
      'services/content/src/settings.ts',
      "import { a } from '@quire/platform/config';\nimport { b } from '@quire/input';\nimport { join } from 'node:path';",
    ],
    [
      'the wiring → settings, faces and the layers behind them',
      'services/content/src/service.ts',
      "import { a } from './settings';\nimport { b } from './modules/spaces';\nimport { c } from './modules/spaces/http/spaces.routes';\nimport { d } from './modules/search/store/search.store';",
    ],
    ['the process entry → the wiring and settings', 'services/content/src/main.ts', "import { start } from './service';\nimport { a } from './settings';"],
  ])('allows %s', async (_what, path, code) => {
    expect(await errorsOf(path, code)).toEqual([]);
  });
});

describe('every file is in a declared place (quire/declared-place)', () => {
  it.each([
    ['the old domain/ of a service', 'services/content/src/domain/x.ts'],
    ['the old nested domain/', 'services/content/src/domain/git-sync/run-git-sync.ts'],
    ['the old http/', 'services/content/src/http/spaces/spaces.routes.ts'],
    ['the old store/', 'services/sites/src/store/sites.store.ts'],
    ['the old presenters/', 'services/webhooks/src/presenters/webhook.presenter.ts'],
    ['the old content-settings.ts', 'services/content/src/content-settings.ts'],
    ['the old bootstrap-env.ts', 'services/identity/src/bootstrap-env.ts'],
    ['a barrel at the root of src/', 'services/content/src/index.ts'],
    ['an undeclared folder of a service', 'services/sites/src/lib/x.ts'],
    ['a file loose in a module', `${SPACES}/helpers.ts`],
    ['an undeclared folder in a module', `${SPACES}/utils/slug.ts`],
    ['a layer folder outside a module', 'services/content/src/modules/store/x.ts'],
    ['a module without a name', 'services/content/src/modules/index.ts'],
    ['tooling in the gateway', 'gateway/src/tools/openapi-cli.ts'],
    ['code of an app outside src/ and test/', 'apps/embedded/scripts/x.ts'],
    ['code of a tool outside src/ and test/', 'tools/cli/bin/quire.ts'],
    ['code of a library outside src/ and test/', 'packages/formats/lib/x.ts'],
  ])('refuses %s', async (_what, path) => {
    await expectRefused(path, 'export const a = 1;', 'quire/declared-place', `${path} is in no declared place of `);
  });

  it.each([
    ['main.ts', 'services/content/src/main.ts'],
    ['service.ts', 'services/identity/src/service.ts'],
    ['settings.ts', 'services/content/src/settings.ts'],
    ['the generated table types', 'services/content/src/database.ts'],
    ["a module's face", 'services/content/src/modules/git-sync/index.ts'],
    ...['http', 'grpc', 'consumers', 'jobs', 'application', 'policies', 'presenters', 'domain', 'events', 'store', 'model'].map(
      (layer) => [`${layer}/`, `services/webhooks/src/modules/webhooks/${layer}/x.ts`] as [string, string],
    ),
    ['a nested route file', 'services/content/src/modules/change-requests/http/content-changes/content-changes.routes.ts'],
    ['ambient declarations', 'services/content/src/types/node-diff3.d.ts'],
    ["the gateway's root", 'gateway/src/route-table.ts'],
    ["the gateway's proxy", 'gateway/src/proxy/forward.ts'],
    ["the gateway's OpenAPI document", 'gateway/src/openapi/serve.ts'],
    ['an app', 'apps/embedded/src/launcher.ts'],
    ["a tool's test", 'tools/cli/test/args.test.ts'],
    ['a library', 'packages/publishing/src/urls/site-path.ts'],
    ['the platform', 'packages/platform/src/sql/database.ts'],
    ["a service's test (outside src/)", 'services/content/test/spaces.test.ts'],
  ])('allows %s', async (_what, path) => {
    expect(await errorsOf(path, 'export const a = 1;')).toEqual([]);
  });
});

describe('functions fit on a screen in every layer (max-lines-per-function 80)', () => {
  /** A function of `lines` counted lines, with a comment and a blank line (not counted) before each statement. */
  const fn = (lines: number) =>
    `export function f() {\n${Array.from({ length: lines - 3 }, (_, i) => `  // a comment\n\n  const v${i} = ${i};`).join('\n')}\n  return 0;\n}\n`;
  const arrow = (lines: number) =>
    `export const f = () => {\n${Array.from({ length: lines - 3 }, (_, i) => `  const v${i} = ${i};`).join('\n')}\n  return 0;\n};\n`;

  it.each([
    ['application/', 'services/content/src/modules/change-requests/application/apply-content-changes.ts', fn],
    ['domain/', 'services/content/src/modules/revisions/domain/commit-edit.ts', fn],
    ['a nested domain/ file, as an arrow function', 'services/identity/src/modules/saml/domain/assertions/verify.ts', arrow],
    ['http/', 'services/content/src/modules/change-requests/http/x.routes.ts', fn],
    ['store/', 'services/content/src/modules/spaces/store/spaces.store.ts', arrow],
    ['service.ts', 'services/content/src/service.ts', fn],
    ['a package', 'packages/formats/src/pdf/render-pdf.ts', fn],
    ['the gateway', 'gateway/src/app.ts', fn],
    ['an app', 'apps/embedded/src/launcher.ts', arrow],
  ])('refuses a function of 81 lines in %s', async (_where, path, make) => {
    expect(await errorsOf(path, make(81))).toEqual([expect.stringMatching(/^max-lines-per-function: .*81.* Maximum allowed is 80/)]);
  });

  it('allows 80 lines, and any length in a test', async () => {
    expect(await errorsOf('services/content/src/modules/change-requests/application/x.ts', fn(80))).toEqual([]);
    expect(await errorsOf('services/webhooks/src/modules/webhooks/domain/x.ts', arrow(80))).toEqual([]);
    expect(await errorsOf('services/content/test/spaces.test.ts', fn(120))).toEqual([]);
  });
});

describe('one home for each kind of work', () => {
  it.each([
    ['SQL', "import { typedSql } from '@quire/platform/sql';", 'no-restricted-imports', 'domain/ is pure rules'],
    ['a driver entry of SQL', "import { PgliteDatabase } from '@quire/platform/sql/pglite';", 'no-restricted-imports', 'domain/ is pure rules'],
    ['the outbox', "import { enqueue } from '@quire/platform/outbox';", 'no-restricted-imports', 'domain/ is pure rules'],
    [
      'a transaction',
      'export const f = (db: { transaction(x: unknown): void }) => db.transaction(() => 1);',
      'no-restricted-syntax',
      'domain/ opens no transaction',
    ],
    ["its module's store", "import { findSpace } from '../store/spaces.store';", 'quire/module-layers', 'domain/ may not import store/'],
  ])('refuses %s in domain/', async (_what, code, rule, message) => {
    await expectRefused(`${SPACES}/domain/spaces.ts`, code, rule, message);
  });

  it('allows the same in application/', async () => {
    const code =
      "import { typedSql } from '@quire/platform/sql';\nimport { enqueue } from '@quire/platform/outbox';\nimport { findSpace } from '../store/spaces.store';\n" +
      'export const f = (db: { transaction(x: unknown): void }) => db.transaction(() => [typedSql, enqueue, findSpace]);';
    expect(await errorsOf(`${SPACES}/application/update-space.ts`, code)).toEqual([]);
  });

  it.each([
    ['a role check of the policy', "import { authorizeLevel } from '@quire/access';", 'no-restricted-imports'],
    ['a level comparison', "import { atLeast } from '@quire/access';", 'no-restricted-imports'],
    ["a module's authorize step", 'declare const authorizeSite: (x: unknown) => void;\nauthorizeSite(1);', 'no-restricted-syntax'],
  ])('refuses %s in http/', async (_what, code, rule) => {
    await expectRefused(`${SPACES}/http/spaces.routes.ts`, code, rule, 'http/ never checks a role');
  });

  it('allows http/ the principal type and the role names (its schemas)', async () => {
    expect(await errorsOf(`${SPACES}/http/spaces.routes.ts`, "import { ROLES, type Principal } from '@quire/access';")).toEqual([]);
  });

  it('refuses a face that exports a store function, allows its types', async () => {
    await expectRefused(`${SPACES}/index.ts`, "export { findSpace } from './store/spaces.store';", 'quire/module-layers', 'exports no store function');
    await expectRefused(`${SPACES}/index.ts`, "export * from './store/spaces.store';", 'quire/module-layers', 'exports no store function');
    expect(await errorsOf(`${SPACES}/index.ts`, "export type { Space } from './store/spaces.store';")).toEqual([]);
  });

  it('lets only store/ read the generated table types', async () => {
    expect(await errorsOf(`${SPACES}/store/spaces.store.ts`, "import type { Database } from '../../../database';")).toEqual([]);
    await expectRefused(
      `${SPACES}/application/update-space.ts`,
      "import type { Database } from '../../../database';",
      'quire/module-layers',
      'Only store/ reads the table types',
    );
    await expectRefused('services/content/src/database.ts', "import { a } from './settings';", 'quire/module-layers', 'imports nothing of the service');
  });
});

describe('the packages below every service (no-restricted-imports)', () => {
  it.each([
    ['a service → another service', `${SPACES}/domain/spaces.ts`, "import { start } from '@quire/sites';", 'A service never imports another service'],
    ['a service → the gateway', 'services/sites/src/service.ts', "import { a } from '@quire/gateway/route-table';", 'A service never imports another service'],
    [
      'a service → another service by a relative path',
      'services/sites/src/modules/sites/domain/sites.ts',
      "import { a } from '../../../../../content/src/modules/spaces';",
      'may not leave its package',
    ],
    [
      'a service → a package by its sources',
      'services/sites/src/service.ts',
      "import { a } from '../../../packages/platform/src/sql';",
      'may not leave its package',
    ],
    ['proto → a service', 'proto/src/index.ts', "import { a } from '@quire/content';", 'A service never imports another service'],
    ['the platform → a service', 'packages/platform/src/membership.ts', "import { start } from '@quire/identity';", 'The platform imports no service'],
    ['the platform → the gateway', 'packages/platform/src/http/route.ts', "import { a } from '@quire/gateway';", 'The platform imports no service'],
    ['the platform → an app', 'packages/platform/src/runtime/x.ts', "import { a } from '@quire/embedded';", 'The platform imports no service'],
    [
      'the contracts → the platform',
      'packages/contracts/src/catalog.ts',
      "import { enqueueEvent } from '@quire/platform/outbox';",
      'A contract has no runtime',
    ],
    ['the contracts → proto', 'packages/contracts/src/topics.ts', "import { a } from '@quire/proto';", 'A contract has no runtime'],
    ['the contracts → express', 'packages/contracts/src/topics.ts', "import express from 'express';", 'A contract has no runtime'],
    ['the contracts → kafkajs', 'packages/contracts/src/topics.ts', "import { Kafka } from 'kafkajs';", 'A contract has no runtime'],
    ['the contracts → a service', 'packages/contracts/src/topics.ts', "import type { a } from '@quire/content';", 'A contract imports no service'],
    [
      'formats → a service',
      'packages/formats/src/import/zip-content.ts',
      "import type { RevisionTree } from '@quire/content';",
      'A library in packages/ imports no service',
    ],
    [
      'formats → the platform',
      'packages/formats/src/pdf/render-pdf.ts',
      "import { queryRows } from '@quire/platform/sql';",
      'A library in packages/ has no runtime',
    ],
    [
      'formats → a service by a relative path',
      'packages/formats/src/document/document-nodes.ts',
      "import type { a } from '../../../../services/content/src/modules/revisions/model/revision-tree';",
      'may not leave its package',
    ],
    [
      'publishing → the platform',
      'packages/publishing/src/jwt/hs256-token.ts',
      "import { a } from '@quire/platform/secrets';",
      'A library in packages/ has no runtime',
    ],
    [
      'publishing → redis',
      'packages/publishing/src/redirects/redirect-matcher.ts',
      "import { createClient } from 'redis';",
      'A library in packages/ has no runtime',
    ],
    [
      'publishing → the contracts',
      'packages/publishing/src/urls/published-url.ts',
      "import { a } from '@quire/contracts';",
      'A pure library imports only pure libraries',
    ],
    ['publishing → a service', 'packages/publishing/src/urls/site-path.ts', "import { a } from '@quire/sites';", 'A library in packages/ imports no service'],
    [
      'page-html → the platform',
      'packages/page-html/src/render/page-document.ts',
      "import { a } from '@quire/platform/http';",
      'A library in packages/ has no runtime',
    ],
    [
      'page-html → a service',
      'packages/page-html/src/render/page-document.ts',
      "import { a } from '@quire/content';",
      'A library in packages/ imports no service',
    ],
    ['a pure library → a driver', 'packages/ordering/src/ordering.ts', "import { Pool } from 'pg';", 'A library in packages/ has no runtime'],
    [
      'a pure library → a subpath of a driver',
      'packages/helpers/src/x.ts',
      "import { vector } from '@electric-sql/pglite/vector';",
      'A library in packages/ has no runtime',
    ],
    [
      'the contracts → a subpath of a driver',
      'packages/contracts/src/topics.ts',
      "import type { a } from 'pg/lib/type-overrides';",
      'A contract has no runtime',
    ],
    ['a pure library → gRPC', 'packages/errors/src/errors.ts', "import { status } from '@grpc/grpc-js';", 'A library in packages/ has no runtime'],
    [
      'a pure library → the contracts',
      'packages/input/src/pagination.ts',
      "import { CONTENT_TOPIC } from '@quire/contracts';",
      'A pure library imports only pure libraries',
    ],
    ['a library → an app', 'packages/formats/src/pdf/render-pdf.ts', "import { a } from '@quire/stack';", 'A library in packages/ imports no service'],
    ['a library → a tool', 'packages/urls/src/urls.ts', "import { a } from '@quire/cli';", 'A library in packages/ imports no service'],
  ])('refuses %s', async (_what, path, code, message) => {
    await expectRefused(path, code, 'no-restricted-imports', message);
  });

  it.each([
    [
      'a service → the platform, the contracts, the pure libraries and proto',
      'services/sites/src/modules/sites/application/sites.ts',
      "import { a } from '@quire/platform/sql';\nimport { b } from '@quire/contracts';\nimport { c } from '@quire/ordering';\nimport { d } from '@quire/proto';\nimport { e } from '@quire/publishing';\nimport type { f } from '@quire/formats';",
    ],
    [
      'the platform → the contracts, pure libraries, proto, its drivers and its own folders',
      'packages/platform/src/outbox/outbox.ts',
      "import { a } from '@quire/contracts';\nimport { b } from '@quire/errors';\nimport { c } from '@quire/proto';\nimport { Pool } from 'pg';\nimport { Kafka } from 'kafkajs';\nimport { d } from '../sql/database';",
    ],
    [
      'the contracts → a pure library and zod',
      'packages/contracts/src/topics.ts',
      "import { a } from '@quire/ids';\nimport { z } from 'zod';\nimport { b } from './catalog';",
    ],
    [
      'formats → its own folders, node and its parsers',
      'packages/formats/src/pdf/render-pdf.ts',
      "import { a } from '../document/document-nodes';\nimport { b } from './pdf-limits';\nimport { join } from 'node:path';\nimport { marked } from 'marked';",
    ],
    [
      'publishing → pure libraries and node',
      'packages/publishing/src/jwt/hs256-token.ts',
      "import { a } from '@quire/urls';\nimport { b } from '@quire/errors';\nimport { createHmac } from 'node:crypto';\nimport { c } from '../urls';",
    ],
  ])('allows %s', async (_what, path, code) => {
    expect(await errorsOf(path, code)).toEqual([]);
  });
});

describe('the gateway, the apps and the tools in their rooms (no-restricted-imports)', () => {
  it.each([
    [
      'a service → an app',
      `${SPACES}/domain/spaces.ts`,
      "import { a } from '@quire/embedded';",
      'A service never imports another service, the gateway, an app or a tool',
    ],
    [
      'a service → a file of an app',
      'services/content/src/service.ts',
      "import { a } from '@quire/stack/dist/stack';",
      'A service never imports another service, the gateway, an app or a tool',
    ],
    [
      'a service → a tool',
      'services/identity/src/service.ts',
      "import { a } from '@quire/cli';",
      'A service never imports another service, the gateway, an app or a tool',
    ],
    ['the gateway → a service', 'gateway/src/app.ts', "import { a } from '@quire/content';", 'The gateway is the proxy only'],
    ['the gateway → an app', 'gateway/src/server.ts', "import { a } from '@quire/embedded';", 'The gateway is the proxy only'],
    ['the gateway → a tool', 'gateway/src/openapi/serve.ts', "import { a } from '@quire/openapi';", 'The gateway is the proxy only'],
    [
      'the gateway → a service by a relative path',
      'gateway/src/proxy/forward.ts',
      "import { a } from '../../../services/content/src/service';",
      'may not leave its package',
    ],
    ['an app → a tool', 'apps/embedded/src/launcher.ts', "import { a } from '@quire/openapi';", 'An app never imports a tool'],
    ["an app → a service's internals", 'apps/stack/src/stack.ts', "import { a } from '@quire/content/dist/modules/search';", 'by its face'],
    [
      "a tool → a service's internals",
      'tools/cli/src/connection.ts',
      "import { a } from '@quire/identity/dist/modules/accounts/grpc/admin.grpc';",
      'by its face',
    ],
    ["a tool → a service's sources", 'tools/cli/src/connection.ts', "import { a } from '../../../services/identity/src/service';", 'may not leave its package'],
  ])('refuses %s', async (_what, path, code, message) => {
    await expectRefused(path, code, 'no-restricted-imports', message);
  });

  it.each([
    [
      'an app → the services by their face, the gateway and the platform',
      'apps/embedded/src/launcher.ts',
      "import { a } from '@quire/content';\nimport { b } from '@quire/identity';\nimport { c } from '@quire/gateway';\nimport { d } from '@quire/platform/runtime';",
    ],
    ['an app → another app', 'apps/stack/src/stack.ts', "import { a } from '@quire/embedded';"],
    [
      'a tool → an app, the gateway, a service by its face and proto',
      'tools/openapi/src/main.ts',
      "import { a } from '@quire/embedded';\nimport { b } from '@quire/gateway';\nimport { c } from '@quire/content';\nimport { d } from '@quire/proto';",
    ],
    [
      'the gateway → the platform, the pure libraries and its own folders',
      'gateway/src/app.ts',
      "import { a } from '@quire/platform/http';\nimport { b } from '@quire/errors';\nimport { c } from './proxy/forward';\nimport { d } from './route-table';",
    ],
  ])('allows %s', async (_what, path, code) => {
    expect(await errorsOf(path, code)).toEqual([]);
  });
});
