import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@quire/platform/logger';
import { migrationFolders, type ServiceModule } from '@quire/platform/runtime';
import { migrate } from '@quire/platform/sql';
import { copyPublicSchema, PgliteDatabase, PgliteInstance } from '@quire/platform/sql/pglite';
import { SERVICE_NAMES, type ServiceName } from '@quire/platform/topology';
import { copyEmbeddedTemplate } from './template';

/** The one embedded database, under DATA_DIR. */
export const DATABASE_DIR = 'postgres';
/** Where the databases of the old layout (one per service) go once their rows are copied. */
export const LEGACY_BACKUP_DIR = 'pre-0.2-databases';

export interface EmbeddedDatabases {
  instance: PgliteInstance;
  /** Each service's view of the instance: its own schema. */
  databases: Record<ServiceName, PgliteDatabase>;
}

/**
 * Opens the one PGlite of embedded mode with a schema per service, and brings over the data of
 * a directory in the old layout (a PGlite directory per service). Each service's migrations
 * still run when it starts, in its own schema.
 */
export async function openEmbeddedDatabases(dataDir: string, modules: Record<ServiceName, ServiceModule>, logger: Logger): Promise<EmbeddedDatabases> {
  const dir = join(dataDir, DATABASE_DIR);
  // A new directory with no old databases to copy in starts from the migrated template.
  const hasLegacy = SERVICE_NAMES.some((name) => existsSync(join(dataDir, name, 'PG_VERSION')));
  if (!existsSync(join(dir, 'PG_VERSION')) && !hasLegacy) copyEmbeddedTemplate(dir, modules);
  const instance = await PgliteInstance.open(dir);
  const databases = {} as Record<ServiceName, PgliteDatabase>;
  // One after another: the instance runs one statement at a time anyway.
  for (const name of SERVICE_NAMES) databases[name] = await instance.schema(name);
  for (const name of SERVICE_NAMES) {
    if (existsSync(join(dataDir, name, 'PG_VERSION'))) await importLegacyDatabase(dataDir, name, modules[name], databases[name], instance, logger);
  }
  return { instance, databases };
}

/**
 * Copies the database `<dataDir>/<name>` of the old layout into the service's schema, then moves
 * that directory aside. Both sides are migrated first so their tables match. Safe to repeat: a
 * stop between the copy and the move copies again on the next start, replacing the schema's rows.
 */
async function importLegacyDatabase(
  dataDir: string,
  name: ServiceName,
  module: ServiceModule,
  database: PgliteDatabase,
  instance: PgliteInstance,
  logger: Logger,
): Promise<void> {
  logger.info({ service: name }, 'copying the database of the one-database-per-service layout');
  const legacy = await PgliteDatabase.open(join(dataDir, name));
  try {
    await migrate(legacy, migrationFolders(module), logger);
    await migrate(database, migrationFolders(module), logger);
    const copied = await copyPublicSchema(legacy.instance, instance, name);
    logger.info({ service: name, ...copied }, 'database copied');
  } finally {
    await legacy.close();
  }
  const backup = join(dataDir, LEGACY_BACKUP_DIR);
  mkdirSync(backup, { recursive: true });
  renameSync(join(dataDir, name), join(backup, name));
  logger.info({ service: name, movedTo: join(backup, name) }, 'old database moved aside; delete it once the data is checked');
}
