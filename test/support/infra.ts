import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { REPO_ROOT } from './stack';

// The real infrastructure of the distributed runs, installed and started by deploy/local/.

export const INFRA = {
  postgres: `postgres://quire:quire@127.0.0.1:${process.env.QUIRE_PG_PORT ?? 25432}`,
  redisUrl: `redis://127.0.0.1:${process.env.QUIRE_REDIS_PORT ?? 26379}`,
  kafkaBrokers: `127.0.0.1:${process.env.QUIRE_KAFKA_PORT ?? 27092}`,
  clickhouseUrl: `http://127.0.0.1:${process.env.QUIRE_CLICKHOUSE_HTTP_PORT ?? 27123}`,
  /** The distributed stack's insights database, recreated by each run. */
  clickhouseDatabase: 'quire_e2e',
};

/** Drops and creates the stack's ClickHouse database, so each run starts from an empty table. */
export async function recreateClickHouseDatabase(): Promise<string> {
  for (const statement of [`DROP DATABASE IF EXISTS ${INFRA.clickhouseDatabase}`, `CREATE DATABASE ${INFRA.clickhouseDatabase}`]) {
    const res = await fetch(INFRA.clickhouseUrl, { method: 'POST', body: statement });
    if (!res.ok) throw new Error(`clickhouse: ${statement} failed: ${await res.text()}`);
  }
  return `${INFRA.clickhouseUrl}/${INFRA.clickhouseDatabase}`;
}

/** Runs a deploy/local script, showing its progress; throws with its output on failure. */
export function infraScript(script: 'install.sh' | 'infra.sh', ...args: string[]): void {
  const result = spawnSync('bash', [join(REPO_ROOT, 'deploy/local', script), ...args], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 20 * 60 * 1000 });
  if (result.status !== 0) throw new Error(`deploy/local/${script} ${args.join(' ')} failed with exit code ${result.status}`);
}

/** Drops and creates a database, so each run starts from empty tables. */
export async function recreateDatabase(name: string): Promise<string> {
  const admin = new Client({ connectionString: `${INFRA.postgres}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return `${INFRA.postgres}/${name}`;
}
