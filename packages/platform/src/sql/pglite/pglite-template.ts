import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A freshly initialised PGlite data directory, made once by `npm run build`. Creating a database
 * otherwise runs initdb in WASM: two extra Postgres instances, seconds of CPU, and WASM memory the
 * process never gives back. Copying these files is a plain file copy, and PGlite then opens them
 * the way it reopens existing data. Named by the PGlite version: an upgrade builds a new one, and
 * without one PGlite runs initdb as before.
 */
export function pgliteTemplateDir(): string {
  const pkg = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
  return join(__dirname, '..', '..', '..', 'dist', `pglite-${version}-initdb`);
}

/** Fills the empty `dataDir` from the template; answers false when the build made none. */
export function copyPgliteTemplate(dataDir: string): boolean {
  const template = pgliteTemplateDir();
  if (!existsSync(join(template, 'PG_VERSION'))) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}

/** Makes the template unless it exists; answers whether it did. */
export async function writePgliteTemplate(): Promise<boolean> {
  const template = pgliteTemplateDir();
  if (existsSync(join(template, 'PG_VERSION'))) return false;
  // Made aside and renamed: a build stopped half-way leaves no partial template.
  const aside = mkdtempSync(`${template}.tmp-`);
  try {
    const db = await PGlite.create({ dataDir: aside });
    await db.close();
    rmSync(template, { recursive: true, force: true });
    renameSync(aside, template);
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  return true;
}
