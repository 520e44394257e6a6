import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createLogger } from '@quire/platform/logger';
import { migrationFolders, type ServiceModule } from '@quire/platform/runtime';
import { migrate } from '@quire/platform/sql';
import { PgliteInstance, pgliteTemplateDir } from '@quire/platform/sql/pglite';
import { SERVICE_NAMES, type ServiceName } from '@quire/platform/topology';

type Migrations = Record<ServiceName, Pick<ServiceModule, 'name' | 'migrationsDir'>>;

const DIST = join(__dirname, '..', 'dist');
const PREFIX = 'embedded-template-';
const TEMPLATE_DIR = /^embedded-template-[0-9a-f]{16}(\.tmp-.*)?$/;

/**
 * The one database of a new embedded data directory with every service's schema migrated, made
 * by `npm run build`: migrating five schemas in WASM is most of a first start's CPU (each DDL
 * file costs 50–500 ms there), copying files is not. Named by a hash of the PGlite version and
 * every migration file, so a new migration makes a new template; without one, the first start
 * runs the migrations itself.
 */
export function embeddedTemplateDir(modules: Migrations): string {
  const hash = createHash('sha256').update(basename(pgliteTemplateDir()));
  for (const name of SERVICE_NAMES) {
    for (const { prefix, dir } of migrationFolders(modules[name])) {
      for (const file of readdirSync(dir).sort()) hash.update(`${name}:${prefix}/${file}\n`).update(readFileSync(join(dir, file)));
    }
  }
  return join(DIST, `${PREFIX}${hash.digest('hex').slice(0, 16)}`);
}

/** Fills the new database directory `dir` from the template; answers false when there is none. */
export function copyEmbeddedTemplate(dir: string, modules: Migrations): boolean {
  const template = embeddedTemplateDir(modules);
  if (!existsSync(join(template, 'PG_VERSION'))) return false;
  cpSync(template, dir, { recursive: true });
  return true;
}

/** Makes the template unless it is current (older ones are removed); answers whether it did. */
export async function writeEmbeddedTemplate(modules: Migrations): Promise<boolean> {
  const template = embeddedTemplateDir(modules);
  if (existsSync(join(template, 'PG_VERSION'))) return false;
  const aside = mkdtempSync(`${template}.tmp-`);
  try {
    const instance = await PgliteInstance.open(aside);
    const logger = createLogger('embedded-template', 'warn');
    for (const name of SERVICE_NAMES) await migrate(await instance.schema(name), migrationFolders(modules[name]), logger);
    await instance.close();
    // Only templates (`embedded-template-<hash>` and their `.tmp-` leftovers): the compiled
    // `embedded-template*.js` modules share the prefix and must stay.
    for (const old of readdirSync(DIST).filter((f) => TEMPLATE_DIR.test(f) && join(DIST, f) !== aside))
      rmSync(join(DIST, old), { recursive: true, force: true });
    renameSync(aside, template);
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  return true;
}
