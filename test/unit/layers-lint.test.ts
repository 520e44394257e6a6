// The layer rule of eslint.layers.cjs (docs/conventions.md, Layers), shown on small fixtures: each
// back-up arrow issue #21 found is an error where it was, and the allowed direction is not.
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
    ['the gateway → the services', 'gateway/src/embedded.ts', "import { start } from '@quire/content';"],
  ])('allows %s', async (_what, path, code) => {
    expect(await errorsOf(path, code)).toEqual([]);
  });
});
