import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A freshly initialised PGlite data directory, as a tar file made once by `npm run build`.
 * Creating a database otherwise runs initdb in WASM (two extra Postgres instances, seconds of
 * CPU and some 500 MB of memory the process never gives back); unpacking this takes a fraction.
 * Named by the PGlite version: an upgrade builds a new one, and without it PGlite runs initdb.
 */
export function pgliteTemplateFile(): string {
  const pkg = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
  return join(__dirname, '..', '..', 'dist', `pglite-${version}-initdb.tar`);
}

/** The template's bytes, or undefined before the build made it. */
export function readPgliteTemplate(): Blob | undefined {
  const file = pgliteTemplateFile();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Makes the template unless it exists; answers whether it did. */
export async function writePgliteTemplate(): Promise<boolean> {
  const file = pgliteTemplateFile();
  if (existsSync(file)) return false;
  const db = await PGlite.create();
  try {
    const tar = await db.dumpDataDir('none');
    // Written aside and renamed: a build stopped half-way leaves no truncated template.
    writeFileSync(`${file}.tmp`, Buffer.from(await tar.arrayBuffer()));
    renameSync(`${file}.tmp`, file);
  } finally {
    await db.close();
  }
  return true;
}
