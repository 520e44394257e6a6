// The layer rules of eslint.layers.cjs (docs/conventions.md, Layers), shown on small fixtures: each
// back-up arrow issue #21 found is an error where it was, and the allowed direction is not; the
// target layout of issue #34 (modules with layers and a face, settings at the bottom, every file in
// a declared place, apps and tools in their own rooms) is held the same way.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = join(__dirname, '..', '..');
const { layerRules, layerRulesWith } = createRequire(__filename)(join(ROOT, 'eslint.layers.cjs')) as {
  layerRules: Linter.Config[];
  layerRulesWith: (oldLayout: RegExp[]) => Linter.Config[];
};

// Only the layer rules, with a parser that needs no type information (the fixtures are not on disk).
const linterOf = (rules: Linter.Config[]) =>
  new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } }, ...rules],
  });
const eslint = linterOf(layerRules);
/** The rules once every service is in modules/ (OLD_LAYOUT emptied). */
const strict = linterOf(layerRulesWith([]));

/** The messages `code` gets as the file at `path` (relative to the repository). */
async function errorsOf(path: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('the layer rule (eslint.layers.cjs)', () => {
  it.each([
    [
      'a store importing a domain type',
      'services/content/src/store/search.store.ts',
      "import type { PageSection } from '../domain/search/page-sections';",
      'store/ may import only',
    ],
    [
      'a nested store importing the domain',
      'services/insights/src/store/clickhouse/schema.ts',
      "import type { AddedColumn } from '../../domain/event-row';",
      'store/ may import only',
    ],
    [
      'the domain importing a presenter',
      'services/content/src/domain/links/linked-objects.ts',
      "import { presentSpace } from '../../presenters/space.presenter';",
      'domain/ may import only',
    ],
    [
      'the domain importing a policy',
      'services/content/src/domain/links/x.ts',
      "import { levelOnContent } from '../../policies/content.policy';",
      'domain/ may import only',
    ],
    [
      'the domain importing an http schema',
      'services/insights/src/domain/ingest.ts',
      "import type { SiteInsightsEvent } from '../http/events/events.schema';",
      'domain/ may import only',
    ],
    [
      'gRPC importing http/',
      'services/content/src/grpc/content.grpc.ts',
      "import type { ContentHttpDeps } from '../http/deps';",
      'Nothing but service.ts imports http/',
    ],
    ['model importing the store', 'services/insights/src/model/event-row.ts', "import { x } from '../store/insights-store';", 'model/ is the bottom layer'],
    [
      'a service importing another service',
      'services/sites/src/domain/sites.ts',
      "import { start } from '@quire/content';",
      'A service never imports another service',
    ],
    [
      'a relative import into another package',
      'services/sites/src/domain/sites.ts',
      "import { ContentEvent } from '../../../content/src/events/content-events';",
      'may not leave its package',
    ],
    [
      'formats importing a service',
      'packages/formats/src/import/zip-content.ts',
      "import type { RevisionTree } from '@quire/content';",
      'A library in packages/ imports no service',
    ],
    [
      'formats importing the platform',
      'packages/formats/src/pdf/render-pdf.ts',
      "import { queryRows } from '@quire/platform/sql';",
      'A library in packages/ has no runtime',
    ],
    ['a pure library importing a driver', 'packages/ordering/src/ordering.ts', "import { Pool } from 'pg';", 'A library in packages/ has no runtime'],
    [
      'a pure library importing the contracts',
      'packages/input/src/pagination.ts',
      "import { CONTENT_TOPIC } from '@quire/contracts';",
      'A pure library imports only pure libraries',
    ],
    [
      'the contracts importing the platform',
      'packages/contracts/src/catalog.ts',
      "import { enqueueEvent } from '@quire/platform/outbox';",
      'A contract has no runtime',
    ],
    ['the contracts importing express', 'packages/contracts/src/topics.ts', "import express from 'express';", 'A contract has no runtime'],
    [
      'formats reaching into a service by path',
      'packages/formats/src/document/document-nodes.ts',
      "import type { ContentRef } from '../../../../services/content/src/model/content-ref';",
      'may not leave its package',
    ],
    ['the platform importing a service', 'packages/platform/src/membership.ts', "import { start } from '@quire/identity';", 'The platform imports no service'],
    [
      'a re-export from above',
      'services/content/src/store/spaces.store.ts',
      "export { presentSpace } from '../presenters/space.presenter';",
      'store/ may import only',
    ],
  ])('refuses %s', async (_what, path, code, message) => {
    const errors = await errorsOf(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('no-restricted-imports');
    expect(errors[0]).toContain(message);
  });

  it.each([
    [
      'http → domain, policies, presenters, store',
      'services/content/src/http/spaces/spaces.routes.ts',
      "import { a } from '../../domain/spaces';\nimport { b } from '../../policies/space.policy';\nimport { c } from '../../presenters/space.presenter';\nimport { d } from '../../store/spaces.store';",
    ],
    [
      'presenters → policies, domain, store',
      'services/content/src/presenters/link.presenter.ts',
      "import { a } from '../policies/content.policy';\nimport { b } from '../domain/spaces';\nimport { c } from '../store/spaces.store';",
    ],
    [
      'domain → store, events, model, siblings',
      'services/content/src/domain/content/commit-edit.ts',
      "import { a } from '../../store/spaces.store';\nimport { b } from '../../events/announce';\nimport { c } from '../../model/revision-tree';\nimport { d } from '../merge/merge-revisions';\nimport { e } from './link-targets';",
    ],
    [
      'store → model, store',
      'services/insights/src/store/clickhouse/schema.ts',
      "import { a } from '../../model/event-row';\nimport { b } from '../insights-store';\nimport { c } from './bind';",
    ],
    ['the wiring → http', 'services/content/src/service.ts', "import { a } from './http/spaces/spaces.routes';"],
    [
      'a service → the platform, the contracts, pure libraries and proto',
      'services/sites/src/domain/sites.ts',
      "import { a } from '@quire/platform/sql';\nimport { b } from '@quire/contracts';\nimport { c } from '@quire/ordering';\nimport { d } from '@quire/proto';",
    ],
    [
      'the platform → the contracts, pure libraries and its drivers',
      'packages/platform/src/outbox/outbox.ts',
      "import { a } from '@quire/contracts';\nimport { b } from '@quire/errors';\nimport { Pool } from 'pg';\nimport { c } from '../sql/database';",
    ],
    ['the contracts → a pure library and zod', 'packages/contracts/src/topics.ts', "import { a } from '@quire/ids';\nimport { z } from 'zod';"],
    [
      'a service → @quire/formats',
      'services/content/src/store/revision-content.store.ts',
      "import type { TargetKind } from '@quire/formats';\nimport { c } from '../model/revision-tree';",
    ],
    [
      'formats → its own folders',
      'packages/formats/src/pdf/render-pdf.ts',
      "import { a } from '../document/document-nodes';\nimport { b } from './pdf-limits';",
    ],
    ['the one-process launcher → the services', 'apps/embedded/src/main.ts', "import { start } from '@quire/content';"],
  ])('allows %s', async (_what, path, code) => {
    expect(await errorsOf(path, code)).toEqual([]);
  });

  describe('every file is in a declared place (quire/declared-place)', () => {
    it.each([
      ['a file loose in a module', 'services/content/src/modules/spaces/helpers.ts'],
      ['an undeclared folder in a module', 'services/content/src/modules/spaces/utils/slug.ts'],
      ['an undeclared root file of a service', 'services/content/src/content-helpers.ts'],
      ['an undeclared folder of a service', 'services/sites/src/lib/x.ts'],
      ['tooling in the gateway', 'gateway/src/tools/openapi-cli.ts'],
      ['code of an app outside src/ and test/', 'apps/embedded/scripts/x.ts'],
      ['code of a library outside src/ and test/', 'packages/formats/lib/x.ts'],
    ])('refuses %s', async (_what, path) => {
      const errors = await errorsOf(path, 'export const a = 1;');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^quire\/declared-place: .* is in no declared place of /);
    });

    it.each([
      ['main.ts', 'services/content/src/main.ts'],
      ['service.ts', 'services/content/src/service.ts'],
      ['settings.ts', 'services/content/src/settings.ts'],
      ["a module's face", 'services/content/src/modules/git-sync/index.ts'],
      ['a use case', 'services/content/src/modules/spaces/application/update-space.ts'],
      ['a nested route file', 'services/content/src/modules/change-requests/http/content-changes/content-changes.routes.ts'],
      ['every layer', 'services/webhooks/src/modules/webhooks/model/delivery.ts'],
      ['ambient declarations', 'services/content/src/types/node-diff3.d.ts'],
      ["the gateway's proxy", 'gateway/src/proxy/forward.ts'],
      ['an app', 'apps/embedded/src/launcher.ts'],
      ["a tool's test", 'tools/cli/test/args.test.ts'],
      ['a library', 'packages/formats/src/pdf/render-pdf.ts'],
    ])('allows %s', async (_what, path) => {
      expect(await errorsOf(path, 'export const a = 1;', strict)).toEqual([]);
    });

    it('accepts the old layout while OLD_LAYOUT lists it, and refuses it once emptied', async () => {
      const path = 'services/content/src/domain/spaces.ts';
      expect(await errorsOf(path, 'export const a = 1;')).toEqual([]);
      expect(await errorsOf('services/content/src/content-settings.ts', 'export const a = 1;')).toEqual([]);
      expect(await errorsOf(path, 'export const a = 1;', strict)).toEqual([
        expect.stringMatching(/^quire\/declared-place: services\/content\/src\/domain\/spaces.ts is in no declared place/),
      ]);
    });
  });

  describe('the layers of a module, its face, settings at the bottom (quire/module-layers)', () => {
    const m = 'services/content/src/modules';
    it.each([
      ['http → store', `${m}/spaces/http/spaces.routes.ts`, "import { a } from '../store/spaces.store';", 'http/ may not import store/'],
      ['nested http → store', `${m}/spaces/http/spaces/x.routes.ts`, "import { a } from '../../store/spaces.store';", 'http/ may not import store/'],
      ['http → grpc', `${m}/spaces/http/spaces.routes.ts`, "import { a } from '../grpc/spaces.grpc';", 'http/ may not import grpc/'],
      ['grpc → http', `${m}/spaces/grpc/spaces.grpc.ts`, "import type { a } from '../http/deps';", 'grpc/ may not import http/'],
      [
        'application → presenters',
        `${m}/spaces/application/update-space.ts`,
        "import { a } from '../presenters/space';",
        'application/ may not import presenters/',
      ],
      ['application → http', `${m}/spaces/application/update-space.ts`, "import { a } from '../http/schema';", 'application/ may not import http/'],
      ['presenters → store', `${m}/spaces/presenters/space.ts`, "import { a } from '../store/spaces.store';", 'presenters/ may not import store/'],
      ['policies → presenters', `${m}/spaces/policies/space.policy.ts`, "import { a } from '../presenters/space';", 'policies/ may not import presenters/'],
      ['domain → application', `${m}/spaces/domain/spaces.ts`, "import { a } from '../application/update-space';", 'domain/ may not import application/'],
      ['domain → policies', `${m}/spaces/domain/spaces.ts`, "import { a } from '../policies/space.policy';", 'domain/ may not import policies/'],
      ['store → domain', `${m}/spaces/store/spaces.store.ts`, "import type { a } from '../domain/spaces';", 'store/ may not import domain/'],
      ['events → store', `${m}/spaces/events/space-events.ts`, "import { a } from '../store/spaces.store';", 'events/ may not import store/'],
      ['model → store', `${m}/spaces/model/space.ts`, "import { a } from '../store/spaces.store';", 'model/ may not import store/ (it may import: nothing)'],
      ['a re-export from above', `${m}/spaces/store/spaces.store.ts`, "export { a } from '../presenters/space';", 'store/ may not import presenters/'],
      ['a dynamic import from above', `${m}/spaces/domain/spaces.ts`, "export const a = () => import('../http/schema');", 'domain/ may not import http/'],
      [
        "another module's store",
        `${m}/spaces/application/x.ts`,
        "import { a } from '../../revisions/store/revisions.store';",
        "import '../../revisions' (its index.ts)",
      ],
      [
        "another module's use case",
        `${m}/git-sync/domain/run.ts`,
        "import { a } from '../../imports/application/import-space';",
        "import '../../imports' (its index.ts)",
      ],
      ["a face's reach into another module", `${m}/spaces/index.ts`, "export { a } from '../revisions/domain/x';", "import '../revisions' (its index.ts)"],
      ["a layer → its own module's face", `${m}/spaces/domain/x.ts`, "import { a } from '..';", "not the module's face"],
      ['settings → a module', 'services/content/src/settings.ts', "import { a } from './modules/imports';", 'settings.ts is the bottom'],
      ['settings → the wiring', 'services/identity/src/settings.ts', "import { a } from './service';", 'settings.ts is the bottom'],
      ['a module → the wiring', `${m}/spaces/http/x.ts`, "import { a } from '../../../service';", 'Only the process entry imports the wiring'],
    ])('refuses %s', async (_what, path, code, message) => {
      const errors = await errorsOf(path, code, strict);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('quire/module-layers');
      expect(errors[0]).toContain(message);
    });

    it.each([
      [
        'http → application, presenters, policies, domain, events, model, its own folder',
        `${m}/spaces/http/spaces/spaces.routes.ts`,
        "import { a } from '../../application/update-space';\nimport { b } from '../../presenters/space';\nimport { c } from '../../policies/space.policy';\nimport { d } from '../../domain/spaces';\nimport { e } from '../../events/space-events';\nimport { f } from '../../model/space';\nimport { g } from './spaces.schema';\nimport { h } from '../deps';",
      ],
      [
        'grpc, consumers and jobs → store',
        `${m}/search/consumers/index-pages.ts`,
        "import { a } from '../store/search.store';\nimport { b } from '../application/reindex';",
      ],
      [
        'application → policies, domain, events, store, model',
        `${m}/spaces/application/update-space.ts`,
        "import { a } from '../policies/space.policy';\nimport { b } from '../domain/spaces';\nimport { c } from '../events/space-events';\nimport { d } from '../store/spaces.store';\nimport { e } from '../model/space';\nimport { f } from './load-space';",
      ],
      [
        'presenters → policies, domain types, model',
        `${m}/spaces/presenters/space.ts`,
        "import { a } from '../policies/space.policy';\nimport type { b } from '../domain/spaces';\nimport { c } from '../model/space';",
      ],
      [
        'domain → events, store, model',
        `${m}/spaces/domain/spaces.ts`,
        "import { a } from '../events/space-events';\nimport { b } from '../store/spaces.store';\nimport { c } from '../model/space';",
      ],
      ['store → model', `${m}/spaces/store/spaces.store.ts`, "import type { a } from '../model/space';\nimport { b } from './rows';"],
      [
        "another module's face",
        `${m}/git-sync/application/run-git-sync.ts`,
        "import { a } from '../../imports';\nimport { b } from '../../imports/index';\nimport { c } from '../../../modules/revisions';",
      ],
      ['any layer → settings.ts', `${m}/git-sync/domain/limits.ts`, "import { a } from '../../../settings';"],
      ["a face → its module's layers", `${m}/spaces/index.ts`, "export { a } from './application/update-space';\nexport { b } from './http/spaces.routes';"],
      [
        'the wiring → faces and settings',
        'services/content/src/service.ts',
        "import { a } from './modules/spaces';\nimport { b } from './settings';\nimport { c } from './modules/spaces/http/spaces.routes';",
      ],
      ['settings → packages and node', 'services/content/src/settings.ts', "import { a } from '@quire/common';\nimport { join } from 'node:path';"],
    ])('allows %s', async (_what, path, code) => {
      expect(await errorsOf(path, code, strict)).toEqual([]);
    });
  });

  describe('functions of application and domain code fit on a screen (max-lines-per-function 80)', () => {
    const fn = (lines: number) =>
      `export function f() {\n${Array.from({ length: lines - 2 }, (_, i) => `  // a comment\n\n  const v${i} = ${i};`).join('\n')}\n  return 0;\n}\n`;
    it.each([
      ['application', 'services/content/src/modules/change-requests/application/apply-content-changes.ts'],
      ['domain', 'services/content/src/modules/change-requests/domain/merge.ts'],
    ])('refuses a function of 81 lines in %s/', async (_layer, path) => {
      const errors = await errorsOf(path, fn(80), strict);
      expect(errors).toEqual([expect.stringMatching(/^max-lines-per-function: .*81.* Maximum allowed is 80/)]);
    });
    it('allows 80 lines (blank lines and comments not counted), and any length outside application/ and domain/', async () => {
      expect(await errorsOf('services/content/src/modules/change-requests/application/x.ts', fn(79), strict)).toEqual([]);
      expect(await errorsOf('services/content/src/modules/change-requests/http/x.routes.ts', fn(120), strict)).toEqual([]);
    });
  });

  describe('apps, tools and the gateway in their rooms (no-restricted-imports)', () => {
    it.each([
      [
        'a service → an app',
        'services/content/src/modules/spaces/domain/x.ts',
        "import { a } from '@quire/embedded';",
        'A service never imports another service, the gateway, an app or a tool',
      ],
      [
        'a service → a tool',
        'services/identity/src/service.ts',
        "import { a } from '@quire/cli';",
        'A service never imports another service, the gateway, an app or a tool',
      ],
      ['the gateway → a service', 'gateway/src/app.ts', "import { a } from '@quire/content';", 'The gateway is the proxy only'],
      ['the gateway → an app', 'gateway/src/app.ts', "import { a } from '@quire/embedded';", 'The gateway is the proxy only'],
      ['an app → a tool', 'apps/embedded/src/launcher.ts', "import { a } from '@quire/openapi';", 'An app never imports a tool'],
      ["a tool → a service's internals", 'tools/cli/src/connection.ts', "import { a } from '@quire/identity/dist/grpc/admin.grpc';", 'by its face'],
      [
        "a tool → a service's sources",
        'tools/cli/src/connection.ts',
        "import { a } from '../../../services/identity/src/grpc/admin.grpc';",
        'may not leave its package',
      ],
      ['a library → an app', 'packages/formats/src/pdf/render-pdf.ts', "import { a } from '@quire/stack';", 'A library in packages/ imports no service'],
    ])('refuses %s', async (_what, path, code, message) => {
      const errors = await errorsOf(path, code, strict);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('no-restricted-imports');
      expect(errors[0]).toContain(message);
    });

    it.each([
      [
        'an app → the services and the gateway',
        'apps/embedded/src/launcher.ts',
        "import { a } from '@quire/content';\nimport { b } from '@quire/gateway';\nimport { c } from '@quire/common';",
      ],
      [
        'a tool → an app, the gateway, proto',
        'tools/openapi/src/main.ts',
        "import { a } from '@quire/embedded';\nimport { b } from '@quire/gateway';\nimport { c } from '@quire/proto';",
      ],
      ['the gateway → common', 'gateway/src/app.ts', "import { a } from '@quire/common';\nimport { b } from './proxy/forward';"],
    ])('allows %s', async (_what, path, code) => {
      expect(await errorsOf(path, code, strict)).toEqual([]);
    });
  });
});
