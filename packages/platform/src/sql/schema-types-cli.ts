import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { COMMON_MIGRATIONS_DIR } from './migrate';
import { schemaTypes } from './schema-types';

// `npm run db:types` writes each database's table types from its migrations; `--check` (run by
// `npm test`, as proto:check is) fails when a committed file differs from what the migrations give.
const ROOT = join(__dirname, '..', '..', '..', '..');
const check = process.argv.includes('--check');

if (process.argv.includes('--help')) {
  process.stdout.write(
    "usage: npm run db:types [-- --check]\n  writes services/<service>/src/database.ts (and the platform's) from the migrations;\n  --check fails when one is stale\n",
  );
  process.exit(0);
}

interface Target {
  out: string;
  folders: { prefix: string; dir: string }[];
  typesFrom: string;
}

function targets(): Target[] {
  const common = { prefix: 'common', dir: COMMON_MIGRATIONS_DIR };
  const list: Target[] = [{ out: 'packages/platform/src/sql/platform-database.ts', folders: [common], typesFrom: './column-types' }];
  for (const service of readdirSync(join(ROOT, 'services')).sort()) {
    const dir = join(ROOT, 'services', service, 'migrations');
    if (!existsSync(dir) || !readdirSync(dir).some((f) => f.endsWith('.sql'))) continue;
    list.push({ out: `services/${service}/src/database.ts`, folders: [common, { prefix: service, dir }], typesFrom: '@quire/platform/sql' });
  }
  return list;
}

async function main(): Promise<void> {
  const stale: string[] = [];
  // The platform's tables (the first target) are typed once, in platform-database.ts: the platform's
  // code is the only one to touch them, so each service's file lists its own tables only.
  let platformTables: string[] = [];
  for (const [index, target] of targets().entries()) {
    const own = target.folders.slice(index === 0 ? 0 : 1);
    const source = own.map((f) => relative(ROOT, f.dir)).join(' and ');
    const { text, tables } = await schemaTypes(target.folders, source, target.typesFrom, platformTables);
    if (index === 0) platformTables = tables;
    const path = join(ROOT, target.out);
    const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
    if (current === text) continue;
    if (check) stale.push(target.out);
    else {
      writeFileSync(path, text);
      process.stdout.write(`wrote ${target.out}\n`);
    }
  }
  if (stale.length) {
    process.stderr.write(`db:types: stale table types (run 'npm run db:types' and commit): ${stale.join(', ')}\n`);
    process.exit(1);
  }
  if (check) process.stdout.write('db:types: table types match the migrations\n');
}

main().catch((err: Error) => {
  process.stderr.write(`db:types: ${err.stack ?? err.message}\n`);
  process.exit(1);
});
