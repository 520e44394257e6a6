// The import rules ESLint holds (docs/conventions.md, Layers). Inside a service, a folder may
// import only the folders below it:
//
//   service.ts, main.ts                                   wiring: may import anything of the service
//   http/  grpc/  consumers/  jobs/  cli/                 entry points (only the wiring imports http/)
//   policies/  presenters/                                presenters may use policies, not the reverse
//   domain/
//   events/  store/                                       producers' topic helpers; the only SQL
//   model/                                                shapes and vocabulary store and domain share
//
// and a service never imports another service (only the gateway does, to run them embedded).
// The packages under packages/ sit below every service and import none, nor the gateway:
//   @quire/platform    the runtime kernel (sql, bus, grpc, http, outbox…), one entry per area;
//                      may import the contracts, the pure libraries and proto.
//   @quire/contracts   event topics and schemas between services: no runtime (no platform, no
//                      drivers, no express), only the pure libraries.
//   pure libraries     (@quire/errors, ids, helpers, urls, ordering, input, access, formats) import
//                      only pure libraries: no platform, contracts, proto or driver.
// One `no-restricted-imports` entry per folder: ESLint replaces (does not merge) a rule's options
// when several config objects match a file, so every entry carries the package walls too.
// CommonJS, so that test/unit/layers-lint.test.ts can load it as well as eslint.config.mjs.

const SERVICES = ['identity', 'content', 'sites', 'specs', 'insights', 'webhooks'];

/** A relative import that climbs to one of `folders` at the top of the service's src/. */
const intoFolders = (folders, why) => ({
  regex: `^\\.{1,2}/(\\.\\./)*(${folders.join('|')})(/|$)`,
  message: why,
});

const walls = [
  {
    group: [...SERVICES, 'gateway'].map((name) => `@quire/${name}`),
    message: 'A service never imports another service (only the gateway does): ask over gRPC or follow its events (docs/conventions.md, Layers).',
  },
  {
    regex: '^\\.{1,2}/(.*/)?(src|dist)(/|$)',
    message: "A relative import may not leave its package: import the package (e.g. '@quire/platform/sql') instead.",
  },
];

/** What runs I/O: the platform's own dependencies, which contracts and pure libraries never load. */
const RUNTIME_MODULES = ['pg', 'kafkajs', 'redis', '@grpc/grpc-js', 'express', '@electric-sql/pglite', 'pino', 'prom-client', 'undici'];
const PURE = ['errors', 'ids', 'helpers', 'urls', 'ordering', 'input', 'access', 'formats'];
const noServices = (who) => ({
  group: [...SERVICES, 'gateway', 'common'].map((name) => `@quire/${name}`),
  message: `${who} imports no service nor the gateway: services import it, not the reverse (docs/conventions.md, Layers).`,
});
const noRuntime = (who) => ({
  regex: `^(@quire/(platform|proto)(/.*)?|${RUNTIME_MODULES.map((m) => m.replace(/[/.]/g, '\\$&')).join('|')})$`,
  message: `${who} has no runtime: no @quire/platform, proto, database, bus, gRPC or HTTP library (docs/conventions.md, Packages).`,
});

/** packages/*: the platform, the contracts and the pure libraries, below every service. */
const packageRules = [
  { dirs: ['platform'], patterns: [noServices('The platform'), walls[1]] },
  { dirs: ['contracts'], patterns: [noServices('A contract'), noRuntime('A contract'), walls[1]] },
  {
    dirs: PURE,
    patterns: [
      noServices('A library in packages/'),
      noRuntime('A library in packages/'),
      { group: ['@quire/contracts'], message: 'A pure library imports only pure libraries, not the contracts (docs/conventions.md, Packages).' },
      walls[1],
    ],
  },
];

const ENTRY = ['http', 'grpc', 'consumers', 'jobs', 'cli'];

/** Folder → the top-level folders of src/ it may not import, and why. */
const LAYERS = {
  model: [['store', 'domain', 'events', 'policies', 'presenters', ...ENTRY], 'model/ is the bottom layer: it imports nothing else of the service.'],
  store: [['domain', 'events', 'policies', 'presenters', ...ENTRY], 'store/ may import only store/ and model/: move a shared type down to model/.'],
  events: [['store', 'domain', 'policies', 'presenters', ...ENTRY], 'events/ holds topic helpers over @quire/contracts and @quire/platform only.'],
  domain: [['policies', 'presenters', ...ENTRY], 'domain/ may import only domain/, events/, store/ and model/: presenting and authorizing happen above it.'],
  policies: [['presenters', ...ENTRY], 'policies/ may import domain/, store/ and model/ (presenters use policies, not the reverse).'],
  presenters: [ENTRY, 'presenters/ may not import an entry point (http/, grpc/, consumers/, jobs/, cli/).'],
  grpc: [['http', 'consumers', 'jobs', 'cli'], 'Nothing but service.ts imports http/ or another entry point.'],
  consumers: [['http', 'grpc', 'jobs', 'cli'], 'Nothing but service.ts imports http/ or another entry point.'],
  jobs: [['http', 'grpc', 'consumers', 'cli'], 'Nothing but service.ts imports http/ or another entry point.'],
  cli: [['http', 'consumers', 'jobs'], 'Nothing but service.ts imports http/ or another entry point.'],
};

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
  ...Object.entries(LAYERS).map(([folder, [forbidden, why]]) => ({
    files: [`services/*/src/${folder}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [...walls, intoFolders(forbidden, why)] }] },
  })),
];

module.exports = { layerRules };
