// The import rules ESLint holds (docs/conventions.md, Layers). Deny by default: every file under a
// service's src/ is in a declared place, or lint fails (quire/declared-place). A service is
//
//   src/main.ts, src/service.ts                 wiring: may import anything of the service
//   src/settings.ts                             the bottom: imports nothing of its service
//   src/database.ts                             generated table types (npm run db:types): only store/ imports it
//   src/modules/<module>/index.ts               the module's face: the only file another module imports
//   src/modules/<module>/<layer>/**             layers; a layer imports only the layers listed for it:
//
//   http/                      application, presenters, policies, domain, events, model (never store/)
//   grpc/ consumers/ jobs/     application, presenters, policies, domain, events, store, model
//   application/               policies, domain, events, store, model
//   presenters/                policies, domain (its pure types), model
//   policies/                  domain, store, model
//   domain/                    events, model (pure: no store, no SQL, no transaction, no outbox)
//   events/  store/            model
//   model/                     nothing
//
// (quire/module-layers, which resolves each relative import against the file's own path). Between
// packages: a service imports no other service, no app (apps/) and no tool (tools/); apps and tools
// import services by their face (`@quire/<service>`) only; the gateway (the proxy) imports no service.
//
// The packages under packages/ sit below every service and import none, nor the gateway, an app or a tool:
//   @quire/platform    the runtime kernel (sql, bus, grpc, http, outbox…), one entry per area;
//                      may import the contracts, the pure libraries and proto.
//   @quire/contracts   event topics and schemas between services: no runtime (no platform, no
//                      drivers, no express), only the pure libraries.
//   pure libraries     (@quire/errors, ids, helpers, urls, ordering, input, access, formats, publishing,
//                      page-html)
//                      import only pure libraries: no platform, contracts, proto or driver.
// CommonJS, so that test/unit/layers-lint.test.ts can load it as well as eslint.config.mjs.
const path = require('node:path');

const SERVICES = ['identity', 'content', 'sites', 'specs', 'insights', 'webhooks', 'reader'];
const APPS = ['embedded', 'stack'];
const TOOLS = ['cli', 'openapi'];

// ------------------------------------------------------------------ places ----

const MODULE_LAYERS = ['http', 'grpc', 'consumers', 'jobs', 'application', 'policies', 'presenters', 'domain', 'events', 'store', 'model'];

/** The places a file under services/<name>/src/ may be (paths relative to src/). */
const SERVICE_PLACES = [
  /^(main|service|settings|database)\.ts$/,
  /^modules\/[a-z0-9-]+\/index\.ts$/,
  new RegExp(`^modules/[a-z0-9-]+/(${MODULE_LAYERS.join('|')})/.+\\.ts$`),
  /^types\/[\w.-]+\.d\.ts$/, // ambient declarations of an untyped library (no code)
];

/** Files of the gateway: the proxy only (its OpenAPI folder serves the document; tools/openapi writes it). */
const GATEWAY_PLACES = [/^[\w-]+\.ts$/, /^(access-log|app-links|auth|http|limits|openapi|proxy)\/[\w./-]+\.ts$/];

/** Where `rel` (a path from the repository root) may be, or null when no place is declared for its package. */
function placesOf(rel) {
  let m = /^services\/([^/]+)\/src\/(.+)$/.exec(rel);
  if (m && SERVICES.includes(m[1])) return { inside: m[2], places: SERVICE_PLACES, what: `services/${m[1]}/src` };
  m = /^gateway\/src\/(.+)$/.exec(rel);
  if (m) return { inside: m[1], places: GATEWAY_PLACES, what: 'gateway/src' };
  m = /^(apps|tools|packages)\/([^/]+)\/(.+)$/.exec(rel);
  if (m) return { inside: m[3], places: [/^src\/.+\.ts$/, /^test\/.+\.ts$/], what: `${m[1]}/${m[2]}` };
  return null;
}

const relOf = (context) => path.relative(context.cwd, context.filename).split(path.sep).join('/');

const declaredPlace = {
  meta: { type: 'problem', schema: [], messages: { undeclared: '{{file}} is in no declared place of {{what}} (eslint.layers.cjs): {{hint}}' } },
  create(context) {
    return {
      Program(node) {
        const rel = relOf(context);
        const declared = placesOf(rel);
        if (!declared || declared.places.some((re) => re.test(declared.inside))) return;
        const hint = rel.startsWith('services/')
          ? 'main.ts, service.ts, settings.ts, modules/<module>/index.ts or modules/<module>/<layer>/ (docs/conventions.md, Layers)'
          : rel.startsWith('gateway/')
            ? 'the gateway holds only the proxy; tooling goes to tools/, launchers to apps/'
            : 'a package keeps its code in src/ and its tests in test/';
        context.report({ node, messageId: 'undeclared', data: { file: rel, what: declared.what, hint } });
      },
    };
  },
};

// ------------------------------------------------------------ module layers ----

/** Layer → the layers of its own module it may import. */
const MAY_IMPORT = {
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

/** Where a path (from the repository root, without extension) is in the new layout of a service. */
function placeOf(rel) {
  const m = /^services\/([^/]+)\/src\/(.*)$/.exec(rel);
  if (!m || !SERVICES.includes(m[1])) return null;
  const [, service, inside] = m;
  const root = /^(main|service|settings|database)(\.ts)?$/.exec(inside);
  if (root) return { service, root: root[1] };
  const mod = /^modules\/([^/]+)(?:\/(.*))?$/.exec(inside);
  if (!mod) return { service };
  const [, module, rest = ''] = mod;
  if (rest === '' || /^index(\.ts)?$/.test(rest)) return { service, module, face: true };
  const layer = rest.split('/')[0];
  return { service, module, layer: MODULE_LAYERS.includes(layer) ? layer : undefined };
}

const moduleLayers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      settings: 'settings.ts is the bottom of its service: it imports nothing of the service, only @quire/* packages and node.',
      wiring: 'Only the process entry imports the wiring ({{target}}): a module receives what it needs from service.ts.',
      face: "A module reaches another module only through its face: import '{{face}}' (its index.ts), not a file inside it.",
      database: 'Only store/ reads the table types (src/database.ts): SQL lives in stores (docs/conventions.md, Layers).',
      ownFace: "A layer imports its own module's layers directly, not the module's face (index.ts re-exports upward layers).",
      order: '{{layer}}/ may not import {{target}}/ (it may import: {{allowed}}): docs/conventions.md, Layers.',
      faceStore: "A module's face exports no store function: another module asks through an application function (types may pass: `export type`).",
    },
  },
  create(context) {
    const from = placeOf(relOf(context).replace(/\.ts$/, ''));
    if (!from) return {};
    const check = (node) => {
      const spec = node.source && typeof node.source.value === 'string' ? node.source.value : null;
      if (!spec || !spec.startsWith('.')) return;
      const target = path
        .relative(context.cwd, path.resolve(path.dirname(context.filename), spec))
        .split(path.sep)
        .join('/');
      const to = placeOf(target.replace(/\.(ts|js)$/, ''));
      if (!to || to.service !== from.service) return; // leaving the service: the package walls say it
      if (from.root === 'settings' || from.root === 'database') return context.report({ node, messageId: 'settings' });
      if (from.root) return; // main.ts and service.ts wire everything
      if (to.root === 'main' || to.root === 'service') return context.report({ node, messageId: 'wiring', data: { target: `${to.root}.ts` } });
      if (to.root === 'database' && from.module && from.layer !== 'store') return context.report({ node, messageId: 'database' });
      if (!from.module || to.root === 'settings' || to.root === 'database') return;
      if (to.module && to.module !== from.module) {
        if (!to.face) {
          const segments = spec.split('/');
          context.report({ node, messageId: 'face', data: { face: segments.slice(0, segments.indexOf(to.module) + 1).join('/') } });
        }
        return;
      }
      if (from.face && to.module === from.module && to.layer === 'store' && node.type !== 'ImportDeclaration' && node.exportKind !== 'type')
        return context.report({ node, messageId: 'faceStore' });
      if (!from.layer || !to.module) return; // the face re-exports its module; undeclared files are declared-place's
      if (to.face) return context.report({ node, messageId: 'ownFace' });
      if (to.layer && to.layer !== from.layer && !MAY_IMPORT[from.layer].includes(to.layer))
        context.report({ node, messageId: 'order', data: { layer: from.layer, target: to.layer, allowed: MAY_IMPORT[from.layer].join(', ') || 'nothing' } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const plugin = { meta: { name: 'quire' }, rules: { 'declared-place': declaredPlace, 'module-layers': moduleLayers } };

// ------------------------------------------------------------ package walls ----
// One `no-restricted-imports` entry per file set: ESLint replaces (does not merge) a rule's options
// when several config objects match a file, so every entry carries the package walls too.

const names = (list) => list.map((name) => `@quire/${name}`);

const leavesPackage = {
  regex: '^\\.{1,2}/(.*/)?(src|dist)(/|$)',
  message: "A relative import may not leave its package: import the package (e.g. '@quire/platform/sql') instead.",
};

const walls = [
  {
    group: names([...SERVICES, 'gateway', ...APPS, ...TOOLS]),
    message:
      'A service never imports another service, the gateway, an app or a tool (apps/ and tools/ import services): ask over gRPC or follow its events (docs/conventions.md, Layers).',
  },
  leavesPackage,
];

/** What runs I/O: the platform's own dependencies, which contracts and pure libraries never load. */
const RUNTIME_MODULES = ['pg', 'kafkajs', 'redis', '@grpc/grpc-js', 'express', '@electric-sql/pglite', 'pino', 'prom-client', 'undici'];
const PURE = ['errors', 'ids', 'helpers', 'urls', 'ordering', 'input', 'access', 'formats', 'publishing', 'page-html'];
const noServices = (who) => ({
  group: names([...SERVICES, 'gateway', ...APPS, ...TOOLS]),
  message: `${who} imports no service, gateway, app or tool: they import it, not the reverse (docs/conventions.md, Packages).`,
});
const noRuntime = (who) => ({
  // Subpath entries too ('pg/lib/…', '@electric-sql/pglite/vector'): they load the same runtime.
  regex: `^(@quire/(platform|proto)|${RUNTIME_MODULES.map((m) => m.replace(/[/.]/g, '\\$&')).join('|')})(/.*)?$`,
  message: `${who} has no runtime: no @quire/platform, proto, database, bus, gRPC or HTTP library (docs/conventions.md, Packages).`,
});

/** packages/*: the platform, the contracts and the pure libraries, below every service. */
const packageRules = [
  { dirs: ['platform'], patterns: [noServices('The platform'), leavesPackage] },
  { dirs: ['contracts'], patterns: [noServices('A contract'), noRuntime('A contract'), leavesPackage] },
  {
    dirs: PURE,
    patterns: [
      noServices('A library in packages/'),
      noRuntime('A library in packages/'),
      { group: ['@quire/contracts'], message: 'A pure library imports only pure libraries, not the contracts (docs/conventions.md, Packages).' },
      leavesPackage,
    ],
  },
];

/** The gateway is the proxy: it forwards to services over HTTP and imports none (apps/embedded runs them). */
const gatewayWalls = [
  {
    group: names([...SERVICES, ...APPS, ...TOOLS]),
    message: 'The gateway is the proxy only: it imports no service, app or tool (apps/embedded runs the services next to it).',
  },
  leavesPackage,
];

const byFace = {
  group: SERVICES.map((name) => `@quire/${name}/**`),
  message: "Apps and tools import a service by its face ('@quire/<service>'), never a file inside it.",
};

/** apps/*: what runs (the one-process launcher, the local stack); they may run services, never a tool. */
const appWalls = [{ group: names(TOOLS), message: 'An app never imports a tool: tools use apps, not the reverse.' }, byFace, leavesPackage];

/** tools/*: operator and build tooling, never imported by what runs. */
const toolWalls = [byFace, leavesPackage];

/** Domain is pure: it reaches no database, no outbox and no transaction (application does). */
const domainWalls = [
  {
    regex: '^@quire/platform/(sql|outbox)(/.*)?$',
    message: 'domain/ is pure rules: SQL and the outbox belong to store/ and application/ (docs/conventions.md, Layers).',
  },
];
const domainSyntax = [
  {
    selector: "CallExpression[callee.property.name='transaction']",
    message: 'domain/ opens no transaction: the use case in application/ opens it and passes values in (docs/conventions.md, Layers).',
  },
];

/** http/ translates requests; whether the caller may is asked of the one policy by the use case. */
const httpRoleWall = {
  name: '@quire/access',
  importNames: ['atLeast', 'authorizeLevel', 'contentLevel', 'organizationPermissions'],
  message: 'http/ never checks a role: the use case asks the policy (@quire/access) (docs/conventions.md, Layers).',
};

const httpSyntax = [
  {
    selector: 'CallExpression[callee.name=/^(authorize|commentAccess)/]',
    message: 'http/ never checks a role: pass the principal to the use case, which asks the policy (docs/conventions.md, Layers).',
  },
];

const layerRules = [
  {
    files: ['services/*/src/**/*.ts', 'proto/src/**/*.ts'],
    ignores: ['proto/src/gen/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: walls }] },
  },
  ...packageRules.map(({ dirs, patterns }) => ({
    files: dirs.map((dir) => `packages/${dir}/src/**/*.ts`),
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  { files: ['gateway/src/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: gatewayWalls }] } },
  { files: ['apps/*/src/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: appWalls }] } },
  { files: ['tools/*/src/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: toolWalls }] } },
  // Deny by default, and the layers of a module.
  {
    files: [...SERVICES.map((name) => `services/${name}/src/**/*.ts`), 'gateway/**/*.ts', 'apps/**/*.ts', 'tools/**/*.ts', 'packages/**/*.ts'],
    plugins: { quire: plugin },
    rules: { 'quire/declared-place': 'error', 'quire/module-layers': 'error' },
  },
  // One home for each kind of work: application opens the transaction, enqueues the events and asks
  // the one policy (@quire/access); domain is pure rules over values; http never decides a role.
  {
    files: ['services/*/src/modules/*/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...walls, ...domainWalls] }],
      'no-restricted-syntax': ['error', ...domainSyntax],
    },
  },
  {
    files: ['services/*/src/modules/*/http/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: walls, paths: [httpRoleWall] }],
      'no-restricted-syntax': ['error', ...httpSyntax],
    },
  },
  // A function one can read at once, in every layer (a route table is data, not a function body).
  {
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'apps/*/src/**/*.ts', 'tools/*/src/**/*.ts', 'packages/*/src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
];

module.exports = { layerRules };
