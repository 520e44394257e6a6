#!/usr/bin/env node
// Codemod of issue #34 §3: services/common was split into packages (docs/conventions.md, Packages).
// It rewrites, in every source file of the tree, each import of the old package into imports of
// the new ones:
//   - `import … from '@quire/common'`, `import type …`, `export { … } from '@quire/common'` and
//     `const { … } = require('@quire/common')`: each name goes to the entry that exports it now
//     (the NAME → SPECIFIER map below, derived from the ENTRIES' export statements);
//   - deep paths into the old folder (`@quire/common/dist/workers/worker-tasks`,
//     `../../services/common/src/topology`, and the moved files' own relative imports): the file
//     moved (MOVES), so the import points at its new place.
// An import of an entry inside the importing file's own package becomes a relative one. Then the
// manifests: a workspace's "@quire/common" dependency and tsconfig reference become the new packages
// its src/ imports, and the root's workspaces and references list the new packages.
// Deterministic and idempotent: a second run changes nothing. Names or paths it cannot map are
// listed and the exit code is 1 (nothing is written for a file with an unmappable import).
//
//   node scripts/split-common-imports.mjs            rewrite the tree
//   node scripts/split-common-imports.mjs --check    list what would change, exit 1 if anything
//   node scripts/split-common-imports.mjs --map      print the name → specifier map
//   node scripts/split-common-imports.mjs --moves    print where each file of services/common went
//   node scripts/split-common-imports.mjs [paths…]   only these files or folders
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OLD = '@quire/common';
const OLD_DIR = 'services/common';

/** Where the codemod looks (and the file kinds it reads). */
const ROOTS = ['services', 'gateway', 'test', 'bench', 'tools', 'apps', 'packages'];
const EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'gen', 'coverage', 'results', 'fixtures']);

/** The public entries of the packages that replaced @quire/common: specifier → entry file. */
export const ENTRIES = {
  '@quire/errors': 'packages/errors/src/index.ts',
  '@quire/ids': 'packages/ids/src/index.ts',
  '@quire/helpers': 'packages/helpers/src/index.ts',
  '@quire/urls': 'packages/urls/src/index.ts',
  '@quire/ordering': 'packages/ordering/src/index.ts',
  '@quire/input': 'packages/input/src/index.ts',
  '@quire/access': 'packages/access/src/index.ts',
  '@quire/contracts': 'packages/contracts/src/index.ts',
  '@quire/platform/blobs': 'packages/platform/src/blobs/index.ts',
  '@quire/platform/bus': 'packages/platform/src/bus/index.ts',
  '@quire/platform/bus/kafka': 'packages/platform/src/bus/kafka.ts',
  '@quire/platform/cache': 'packages/platform/src/cache/index.ts',
  '@quire/platform/cache/redis': 'packages/platform/src/cache/redis.ts',
  '@quire/platform/config': 'packages/platform/src/config.ts',
  '@quire/platform/dead-letters': 'packages/platform/src/dead-letters/index.ts',
  '@quire/platform/distributed': 'packages/platform/src/distributed.ts',
  '@quire/platform/grpc': 'packages/platform/src/grpc/index.ts',
  '@quire/platform/http': 'packages/platform/src/http/index.ts',
  '@quire/platform/logger': 'packages/platform/src/logger.ts',
  '@quire/platform/membership': 'packages/platform/src/membership.ts',
  '@quire/platform/outbound': 'packages/platform/src/outbound/index.ts',
  '@quire/platform/outbox': 'packages/platform/src/outbox/index.ts',
  '@quire/platform/runtime': 'packages/platform/src/runtime.ts',
  '@quire/platform/secrets': 'packages/platform/src/secrets/index.ts',
  '@quire/platform/sql': 'packages/platform/src/sql/index.ts',
  '@quire/platform/sql/pglite': 'packages/platform/src/sql/pglite/index.ts',
  '@quire/platform/sql/postgres': 'packages/platform/src/sql/postgres.ts',
  '@quire/platform/topology': 'packages/platform/src/topology.ts',
  '@quire/platform/users': 'packages/platform/src/users.ts',
  '@quire/platform/workers': 'packages/platform/src/workers/index.ts',
  '@quire/gateway/route-table': 'gateway/src/route-table.ts',
};

/** Package folder of each specifier's package (for "same package → relative import"). */
const packageDir = (specifier) => {
  const name = specifier.split('/').slice(0, 2).join('/');
  return name === '@quire/gateway' ? 'gateway' : `packages/${name.slice('@quire/'.length)}`;
};

/** Where each file of services/common went (git mv); the old barrels are gone. */
const p = 'packages/platform';
export const MOVES = {
  'src/errors.ts': 'packages/errors/src/errors.ts',
  'src/ids.ts': 'packages/ids/src/ids.ts',
  'src/chunks.ts': 'packages/helpers/src/chunks.ts',
  'src/timeout.ts': 'packages/helpers/src/timeout.ts',
  'src/ttl-cache.ts': 'packages/helpers/src/ttl-cache.ts',
  'src/urls.ts': 'packages/urls/src/urls.ts',
  'src/ordering.ts': 'packages/ordering/src/ordering.ts',
  'src/validation.ts': 'packages/input/src/validation.ts',
  'src/pagination.ts': 'packages/input/src/pagination.ts',
  'src/media-type.ts': 'packages/input/src/media-type.ts',
  'src/permissions.ts': 'packages/access/src/permissions.ts',
  'src/principal.ts': 'packages/access/src/principal.ts',
  'src/auth-cache.ts': 'packages/access/src/auth-cache.ts',
  'src/events/index.ts': 'packages/contracts/src/index.ts',
  ...Object.fromEntries(
    ['catalog', 'content-events', 'event-schema', 'identity-events', 'sites-events', 'specs-events', 'topics', 'topics-doc', 'topics-doc-cli'].map((f) => [
      `src/events/${f}.ts`,
      `packages/contracts/src/${f}.ts`,
    ]),
  ),
  'src/route-table.ts': 'gateway/src/route-table.ts',
  'src/sql/pglite.ts': `${p}/src/sql/pglite/pglite.ts`,
  'src/sql/pglite-copy.ts': `${p}/src/sql/pglite/pglite-copy.ts`,
  'src/sql/pglite-template.ts': `${p}/src/sql/pglite/pglite-template.ts`,
  'src/sql/pglite-template-cli.ts': `${p}/src/sql/pglite/pglite-template-cli.ts`,
  ...Object.fromEntries(
    [
      'config',
      'distributed',
      'logger',
      'membership',
      'runtime',
      'topology',
      'users',
      'sql/database',
      'sql/postgres',
      'sql/migrate',
      'sql/patterns',
      'sql/assignments',
      'sql/commit-signals',
      'sql/typed',
      'sql/paged',
      'bus/bus',
      'bus/in-process',
      'bus/kafka',
      'bus/send-coalescer',
      'cache/cache',
      'cache/memory',
      'cache/redis',
      'outbox/outbox',
      'outbox/relay',
      'outbox/sweeper',
      'outbox/consumer',
      'dead-letters/admin.routes',
      'dead-letters/bisect',
      'dead-letters/dead-letters',
      'dead-letters/dead-letters.store',
      'dead-letters/failure-kind',
      'grpc/client',
      'grpc/clients',
      'grpc/health',
      'grpc/server',
      'grpc/target',
      'http/admin-call',
      'http/client-errors',
      'http/graceful-close',
      'http/json-depth',
      'http/observability',
      'http/raw-json',
      'http/route-inventory',
      'http/route',
      'http/service-app',
      'http/signed-url',
      'blobs/blob-store',
      'blobs/fs-blob-store',
      'blobs/pg-blob-store',
      'secrets/sealed-secret',
      'outbound/address-policy',
      'outbound/global-address',
      'outbound/outbound-fetch',
      'workers/worker-pool',
      'workers/worker-protocol',
      'workers/worker-tasks',
    ].map((f) => [`src/${f}.ts`, `${p}/src/${f}.ts`]),
  ),
  // The tests moved with their code.
  ...Object.fromEntries(
    [
      ['address-policy', p],
      ['assignments', p],
      ['chunks', 'packages/helpers'],
      ['dead-letters-bisect', p],
      ['dead-letters-failure-kind', p],
      ['dead-letters', p],
      ['events', p],
      ['ids', 'packages/ids'],
      ['in-process-bus-batch', p],
      ['in-process-bus', p],
      ['json-depth', p],
      ['media-type', 'packages/input'],
      ['membership', p],
      ['memory-cache', p],
      ['ordering', 'packages/ordering'],
      ['outbound-fetch', p],
      ['outbox', p],
      ['paged-rows', p],
      ['pagination', 'packages/input'],
      ['permissions', 'packages/access'],
      ['pglite-schemas', p],
      ['principal', 'packages/access'],
      ['raw-json', p],
      ['route-table', 'gateway'],
      ['runtime-stop', p],
      ['sealed-secret', p],
      ['send-coalescer', p],
      ['validation', 'packages/input'],
      ['worker-pool', p],
    ].map(([name, dir]) => [`test/${name}.test.ts`, `${dir}/test/${name}.test.ts`]),
  ),
  'test/fixtures/pool-tasks.js': `${p}/test/fixtures/pool-tasks.js`,
};
/** Folders of services/common and where their files went, for paths named in comments. */
const MOVED_DIRS = {
  'src/events': 'packages/contracts/src',
  migrations: `${p}/migrations`,
  ...Object.fromEntries(
    ['sql', 'bus', 'cache', 'outbox', 'dead-letters', 'grpc', 'http', 'blobs', 'secrets', 'outbound', 'workers'].map((d) => [`src/${d}`, `${p}/src/${d}`]),
  ),
};
const MOVED_PATHS = Object.entries({ ...MOVES, ...MOVED_DIRS }).sort(([a], [b]) => b.length - a.length);
const MOVED_FROM = Object.fromEntries(Object.entries(MOVES).map(([from, to]) => [to, `${OLD_DIR}/${from}`]));
const OLD_BARRELS = new Set([`${OLD_DIR}/src/index.ts`, `${OLD_DIR}/src`]);

// ---------------------------------------------------------------- the name map ----

const posix = (path) => path.split(sep).join('/');
const parse = (file, text = readFileSync(join(ROOT, file), 'utf8')) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS);

/** A relative module path from `file` → the repository file it names (or undefined). */
function resolveFile(fromDir, specifier) {
  const base = posix(join(fromDir, specifier));
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...['.ts', '.js'].map((e) => `${base}/index${e}`)];
  const js = base.match(/^(.*)\.js$/);
  if (js) candidates.push(`${js[1]}.ts`);
  return candidates.find((c) => existsSync(join(ROOT, c)) && statSync(join(ROOT, c)).isFile());
}

/** Names a module exports, read from its export statements (`export *` followed). */
function exportedNames(file, seen = new Set()) {
  if (seen.has(file)) return [];
  seen.add(file);
  const names = [];
  const hasExport = (node) => ts.getModifiers?.(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const node of parse(file).statements) {
    if (ts.isExportDeclaration(node)) {
      const from = node.moduleSpecifier && resolveFile(dirname(file), node.moduleSpecifier.text);
      if (node.moduleSpecifier && !from) throw new Error(`${file}: cannot resolve ${node.moduleSpecifier.text}`);
      if (!node.exportClause) names.push(...exportedNames(from, seen));
      else if (ts.isNamedExports(node.exportClause)) names.push(...node.exportClause.elements.map((e) => e.name.text));
      else throw new Error(`${file}: export * as is not supported`);
    } else if (hasExport(node)) {
      if (ts.isVariableStatement(node)) for (const d of node.declarationList.declarations) names.push(d.name.getText());
      else if (node.name) names.push(node.name.text);
    }
  }
  return names;
}

/** name → specifier, from the entries; a name two entries export is an error of the layout. */
export function nameMap() {
  const map = new Map();
  const clashes = [];
  for (const [specifier, file] of Object.entries(ENTRIES)) {
    for (const name of exportedNames(file)) {
      if (map.has(name) && map.get(name) !== specifier) clashes.push(`${name}: ${map.get(name)} and ${specifier}`);
      map.set(name, specifier);
    }
  }
  if (clashes.length) throw new Error(`names exported by two entries:\n  ${clashes.join('\n  ')}`);
  return map;
}

/** Entry file → specifier, and moved file → the entry that re-exports it (for deep imports). */
function entryOfFile() {
  const byFile = new Map();
  for (const [specifier, file] of Object.entries(ENTRIES)) {
    byFile.set(file, specifier);
    for (const node of parse(file).statements)
      if (ts.isExportDeclaration(node) && node.moduleSpecifier) byFile.set(resolveFile(dirname(file), node.moduleSpecifier.text), specifier);
  }
  return byFile;
}

// ---------------------------------------------------------------- rewriting ----

/** The folder of the package (or tree: test/, bench/) a file belongs to. */
const packageRoot = (file) =>
  file
    .split('/')
    .slice(0, /^(packages|services)\//.test(file) ? 2 : 1)
    .join('/');

const relativeTo = (fromFile, toFile) => {
  let rel = posix(relative(dirname(fromFile), toFile)).replace(/\.(ts|js)$/, '');
  rel = rel.replace(/\/index$/, '');
  if (rel === 'index') rel = '.';
  return rel.startsWith('.') ? rel : `./${rel}`;
};

/** The specifier `file` should use for the entry `specifier` (relative inside its own package). */
function specifierFor(file, specifier) {
  const dir = packageDir(specifier);
  return file.startsWith(`${dir}/`) ? relativeTo(file, ENTRIES[specifier]) : specifier;
}

/** For a path-style import into the old folder: the old file it meant, or undefined. */
function oldTarget(file, spec) {
  const deep = spec.match(/^@quire\/common\/(?:dist|src)\/(.+?)(?:\.js|\.ts)?$/);
  if (deep) return `${OLD_DIR}/src/${deep[1]}.ts`;
  if (!spec.startsWith('.')) return undefined;
  if (resolveFile(dirname(file), spec)) return undefined; // resolves where it stands: nothing to do
  const from = MOVED_FROM[file] ?? file;
  const base = posix(join(dirname(from), spec)).replace(/\.(js|ts)$/, '');
  if (OLD_BARRELS.has(base) || OLD_BARRELS.has(`${base}.ts`)) return `${OLD_DIR}/src/index.ts`;
  for (const c of [`${base}.ts`, `${base}/index.ts`, `${base}.js`]) if (MOVES[c.slice(OLD_DIR.length + 1)]) return c;
  return base.startsWith(`${OLD_DIR}/`) ? `${base}.ts` : undefined;
}

const namesOfEntry = new Map();
const entryNames = (specifier) => {
  if (!namesOfEntry.has(specifier)) namesOfEntry.set(specifier, new Set(exportedNames(ENTRIES[specifier])));
  return namesOfEntry.get(specifier);
};

/** The names an import or export declaration takes from its module ([] for a side-effect import). */
function importedNames(node) {
  const named = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
  if (ts.isImportDeclaration(node) && node.importClause?.name) return ['default'];
  if (!named) return ts.isExportDeclaration(node) ? ['*'] : [];
  if (ts.isNamespaceImport(named) || ts.isNamespaceExport(named)) return ['*'];
  return named.elements.map((e) => (e.propertyName ?? e.name).text);
}

function rewriteFile(file, names, entries, problems) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (!text.includes('common') && !MOVED_FROM[file]) return undefined;
  const source = parse(file, text);
  const edits = [];
  const written = new Set(); // the specifiers this run wrote, whose imports it may merge
  const fail = (node, what) => problems.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);

  /** Named elements → { specifier: elements } by the name map; undefined if one cannot be mapped. */
  const split = (node, elements) => {
    const groups = new Map();
    let ok = true;
    for (const e of elements) {
      const specifier = names.get(e.name);
      if (!specifier) {
        fail(node, `'${e.name}' is exported by none of the new packages`);
        ok = false;
        continue;
      }
      const target = specifierFor(file, specifier);
      if (!groups.has(target)) groups.set(target, []);
      groups.get(target).push(e);
    }
    return ok ? [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)) : undefined;
  };
  const clause = (elements, typeOnly) =>
    elements.map((e) => `${!typeOnly && e.isType ? 'type ' : ''}${e.name}${e.alias && e.alias !== e.name ? ` as ${e.alias}` : ''}`).join(', ');
  const declaration = (kind, elements, specifier, typeOnly) => {
    const allTypes = typeOnly || elements.every((e) => e.isType);
    return `${kind}${allTypes ? ' type' : ''} { ${clause(elements, allTypes)} } from '${specifier}';`;
  };

  /** A path import into the old folder → the new path (or the entry re-exporting the moved file). */
  const movedSpecifier = (node, target) => {
    const moved = MOVES[target.slice(OLD_DIR.length + 1)];
    if (!moved) return fail(node, `${target} was not moved anywhere`);
    if (packageRoot(file) === packageRoot(moved)) return relativeTo(file, moved);
    const entry = entries.get(moved);
    if (entry) {
      const missing = importedNames(node).filter((name) => !entryNames(entry).has(name));
      if (!missing.length) return specifierFor(file, entry);
      if (/^(packages\/[^/]+|services\/[^/]+|gateway)\/src\//.test(file)) return fail(node, `${entry} does not export ${missing.join(', ')}`);
    }
    // Tests and benches may reach into a package's source; production code only through an entry.
    if (/^(packages\/[^/]+|services\/[^/]+|gateway)\/src\//.test(file)) return fail(node, `${moved} is not exported by an entry`);
    return relativeTo(file, moved);
  };

  const visitDeclaration = (node) => {
    const spec = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
    if (!spec) return;
    let target = spec === OLD ? `${OLD_DIR}/src/index.ts` : oldTarget(file, spec);
    if (!target) return;
    if (target !== `${OLD_DIR}/src/index.ts`) {
      const replacement = movedSpecifier(node, target);
      if (replacement) {
        edits.push([node.moduleSpecifier.getStart() + 1, node.moduleSpecifier.end - 1, replacement]);
        written.add(replacement);
      }
      return;
    }
    const isImport = ts.isImportDeclaration(node);
    const kind = isImport ? 'import' : 'export';
    const named = isImport ? node.importClause?.namedBindings : node.exportClause;
    if (isImport && (!node.importClause || node.importClause.name)) return fail(node, `a default or side-effect import of ${spec} cannot be split`);
    if (!named || !(ts.isNamedImports(named) || ts.isNamedExports(named)))
      return fail(node, `a namespace import or export * of ${spec} cannot be split by name`);
    const typeOnly = isImport ? node.importClause.isTypeOnly : node.isTypeOnly;
    const elements = named.elements.map((e) => ({ name: (e.propertyName ?? e.name).text, alias: e.name.text, isType: e.isTypeOnly }));
    const groups = split(node, elements);
    if (!groups) return;
    for (const [specifier] of groups) written.add(specifier);
    const text = groups.map(([specifier, els]) => declaration(kind, els, specifier, typeOnly)).join('\n');
    edits.push([node.getStart(), node.end, text]);
  };

  /** `const { a, b: c } = require('@quire/common')` (bench/) → one require per package. */
  const visitRequire = (node) => {
    if (node.declarationList.declarations.length !== 1) return;
    const [d] = node.declarationList.declarations;
    const call = d.initializer;
    if (!call || !ts.isCallExpression(call) || call.expression.getText() !== 'require' || call.arguments.length !== 1) return;
    const [arg] = call.arguments;
    if (!ts.isStringLiteral(arg) || arg.text !== OLD) return;
    if (!ts.isObjectBindingPattern(d.name)) return fail(node, `require('${OLD}') must be destructured to be split`);
    const elements = d.name.elements.map((e) => ({ name: (e.propertyName ?? e.name).getText(), alias: e.name.getText() }));
    const groups = split(node, elements);
    if (!groups) return;
    const keyword = node.declarationList.getFirstToken().getText();
    const binding = (els) => els.map((e) => (e.alias !== e.name ? `${e.name}: ${e.alias}` : e.name)).join(', ');
    edits.push([node.getStart(), node.end, groups.map(([s, els]) => `${keyword} { ${binding(els)} } = require('${s}');`).join('\n')]);
  };

  const visitAny = (node) => {
    // import('@quire/common'), jest.mock('@quire/common'), require.resolve(…): not splittable by name.
    if (ts.isCallExpression(node) && node.arguments.length && ts.isStringLiteral(node.arguments[0])) {
      const s = node.arguments[0].text;
      const isRequireDeclaration = ts.isVariableDeclaration(node.parent) && ts.isVariableDeclarationList(node.parent.parent);
      if ((s === OLD || s.startsWith(`${OLD}/`)) && !isRequireDeclaration) fail(node, `${node.expression.getText()}('${s}') cannot be rewritten by name`);
    }
    // Any other path into the old folder (a cwd, a require.resolve base, a file list) is for a person to move.
    const isModuleSpecifier = node.parent && (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent));
    if (ts.isStringLiteralLike(node) && !isModuleSpecifier && /services\/common(\/|$)/.test(node.text)) fail(node, `a path into ${OLD_DIR}: '${node.text}'`);
    ts.forEachChild(node, visitAny);
  };

  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) visitDeclaration(node);
    else if (ts.isVariableStatement(node)) visitRequire(node);
  }
  visitAny(source);
  if (problems.some((problem) => problem.startsWith(`${file}:`))) return undefined;
  let out = text;
  for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + replacement + out.slice(end);
  if (edits.length) out = mergeDuplicateImports(file, out, written, declaration);
  // Paths named in comments (string literals naming the old folder were refused above).
  out = out.replace(/services\/common\/[\w./-]*[\w-]/g, (path) => {
    for (const [from, to] of MOVED_PATHS)
      if (path === `${OLD_DIR}/${from}` || path.startsWith(`${OLD_DIR}/${from}/`)) return to + path.slice(OLD_DIR.length + 1 + from.length);
    return path;
  });
  return out === text ? undefined : out;
}

/** Named imports of one specifier (one the codemod wrote) merged into the first of them. */
function mergeDuplicateImports(file, text, specifiers, declaration) {
  const source = parse(file, text);
  const first = new Map();
  const removed = [];
  for (const node of source.statements) {
    if (!ts.isImportDeclaration(node) || !specifiers.has(node.moduleSpecifier.text)) continue;
    const clause = node.importClause;
    if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
    const elements = clause.namedBindings.elements.map((e) => ({
      name: (e.propertyName ?? e.name).text,
      alias: e.name.text,
      isType: clause.isTypeOnly || e.isTypeOnly,
    }));
    const seen = first.get(node.moduleSpecifier.text);
    if (seen) {
      seen.elements.push(...elements);
      removed.push(node);
    } else first.set(node.moduleSpecifier.text, { node, elements });
  }
  if (!removed.length) return text;
  const edits = [
    ...removed.map((node) => [node.getFullStart(), node.end, '']),
    ...[...first.values()].map(({ node, elements }) => [node.getStart(), node.end, declaration('import', elements, node.moduleSpecifier.text, false)]),
  ];
  let out = text;
  for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + replacement + out.slice(end);
  return out;
}

function sourceFiles(target) {
  const abs = join(ROOT, target);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return EXTENSIONS.some((e) => target.endsWith(e)) && !target.endsWith('.d.ts') ? [target] : [];
  return readdirSync(abs, { withFileTypes: true })
    .filter((d) => !(d.isDirectory() && SKIP_DIRS.has(d.name) && !MOVED_FROM[`${target}/${d.name}/x`]))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => sourceFiles(`${target}/${d.name}`));
}

/** The packages that replaced @quire/common (not the gateway's route table). */
const NEW_PACKAGES = [...new Set(Object.keys(ENTRIES).map((s) => s.split('/').slice(0, 2).join('/')))].filter((n) => n !== '@quire/gateway').sort();

/**
 * The manifests that still name the old package: the root's workspaces and project references, and
 * each workspace's dependency and reference, replaced by the new packages its src/ imports.
 */
function manifestEdits(problems) {
  const read = (file) => (existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), 'utf8') : undefined);
  const workspaces = JSON.parse(read('package.json')).workspaces ?? [];
  const lines = (items, indent, comma) => items.map((item, i) => `${indent}${item}${i < items.length - 1 ? ',' : comma}\n`).join('');
  const edits = new Map();
  const edit = (file, transform) => {
    const text = read(file);
    if (text === undefined) return;
    const out = transform(text);
    if (out === text) return;
    try {
      JSON.parse(out);
      edits.set(file, out);
    } catch {
      problems.push(`${file}: the rewritten manifest is not valid JSON; edit it by hand`);
    }
  };
  const dirs = NEW_PACKAGES.map(packageDir);
  edit('package.json', (text) =>
    text
      .replace(/^(\s*)"services\/common"(,?)\n/m, (_, indent, comma) =>
        lines(
          dirs.filter((d) => !workspaces.includes(d)).map((d) => `"${d}"`),
          indent,
          comma,
        ),
      )
      // The scripts that run a compiled file of the old package (the PGlite template, the topics doc).
      .replace(/services\/common\/dist\/([\w./-]+)\.js/g, (path, file) => {
        const moved = MOVES[`src/${file}.ts`];
        return moved ? moved.replace('/src/', '/dist/').replace(/\.ts$/, '.js') : path;
      }),
  );
  edit('tsconfig.json', (text) =>
    text.replace(/\{ "path": "(\.\/)?services\/common" \}(,\s*)?/, (_, _dot, comma = '') =>
      dirs
        .filter((d) => !text.includes(`"${d}"`))
        .map((d) => `{ "path": "${d}" }`)
        .join(', ')
        .replace(/.+/, (refs) => refs + comma),
    ),
  );
  for (const ws of workspaces.filter((w) => w !== OLD_DIR && !w.startsWith('packages/'))) {
    const sources = sourceFiles(`${ws}/src`).map((f) => readFileSync(join(ROOT, f), 'utf8'));
    const used = NEW_PACKAGES.filter((name) => sources.some((text) => text.includes(`'${name}'`) || text.includes(`'${name}/`)));
    // The route table moved into the gateway: its users depend on the gateway now.
    if (ws !== 'gateway' && sources.some((text) => text.includes("'@quire/gateway/route-table'"))) used.push('@quire/gateway');
    edit(`${ws}/package.json`, (text) =>
      text.replace(/^(\s*)"@quire\/common": "([^"]+)"(,?)\n/m, (_, indent, version, comma) =>
        lines(
          used.filter((n) => !text.includes(`"${n}"`)).map((n) => `"${n}": "${version}"`),
          indent,
          comma,
        ),
      ),
    );
    edit(`${ws}/tsconfig.json`, (text) =>
      text.replace(/\{ "path": "[./]*(services\/)?common" \}(,\s*)?/, (_, _services, comma = '') =>
        used
          .map((n) => `{ "path": "${posix(relative(ws, packageDir(n)))}" }`)
          .filter((ref) => !text.includes(ref))
          .join(', ')
          .replace(/.+/, (refs) => refs + comma),
      ),
    );
  }
  // What a person moves: the test mapping, the lint walls, the image's manifests.
  for (const file of ['package.json', 'jest.config.js', 'eslint.layers.cjs', 'eslint.regexp.mjs', 'eslint.config.mjs', 'deploy/docker/Dockerfile']) {
    const text = edits.get(file) ?? read(file);
    if (text && /services\/common\/|'@quire\/common'/.test(text))
      problems.push(`${file}: still names services/common or @quire/common (see the split commit for the new form)`);
  }
  return edits;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--moves')) {
    for (const [from, to] of Object.entries(MOVES)) console.log(`${OLD_DIR}/${from}\t${to}`);
    return;
  }
  const names = nameMap();
  if (args.includes('--map')) {
    for (const [name, specifier] of [...names.entries()].sort(([a], [b]) => a.localeCompare(b))) console.log(`${name}\t${specifier}`);
    return;
  }
  const check = args.includes('--check');
  const targets = args.filter((a) => !a.startsWith('--')).map((a) => posix(relative(ROOT, resolve(a))));
  const files = (targets.length ? targets : ROOTS).flatMap(sourceFiles);
  const entries = entryOfFile();
  const prettier = await import('prettier');
  const problems = [];
  const changed = [];
  for (const file of files) {
    const before = problems.length;
    const out = rewriteFile(file, names, entries, problems);
    if (out === undefined || problems.length > before) continue;
    const options = await prettier.resolveConfig(join(ROOT, file));
    const formatted = await prettier.format(out, { ...options, filepath: join(ROOT, file) });
    if (formatted === readFileSync(join(ROOT, file), 'utf8')) continue;
    changed.push(file);
    if (!check) writeFileSync(join(ROOT, file), formatted);
  }
  if (!targets.length) {
    for (const [file, out] of manifestEdits(problems)) {
      const formatted = await prettier.format(out, { ...(await prettier.resolveConfig(join(ROOT, file))), filepath: join(ROOT, file) });
      if (formatted === readFileSync(join(ROOT, file), 'utf8')) continue;
      changed.push(file);
      if (!check) writeFileSync(join(ROOT, file), formatted);
    }
  }
  for (const file of changed) console.log(`${check ? 'would rewrite' : 'rewrote'} ${file}`);
  for (const problem of problems) console.error(`cannot map: ${problem}`);
  console.log(`${changed.length} file(s) ${check ? 'to rewrite' : 'rewritten'}, ${problems.length} unmapped`);
  if (problems.length || (check && changed.length)) process.exitCode = 1;
}

await main();
