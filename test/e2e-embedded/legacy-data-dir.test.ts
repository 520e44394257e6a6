import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createLogger } from '@quire/platform/logger';
import { migrationFolders } from '@quire/platform/runtime';
import { migrate } from '@quire/platform/sql';
import { PgliteDatabase, PgliteInstance } from '@quire/platform/sql/pglite';
import type { ServiceName } from '@quire/platform/topology';
import { contentModule } from '@quire/content';
import { identityModule } from '@quire/identity';
import { insightsModule } from '@quire/insights';
import { sitesModule } from '@quire/sites';
import { specsModule } from '@quire/specs';
import { bootstrapIdentity } from '../../services/identity/src/modules/accounts/application/bootstrap-identity';
import { DATABASE_DIR, LEGACY_BACKUP_DIR } from '../../apps/embedded/src/databases';
import { startEmbedded } from '../../apps/embedded/src/launcher';
import { apiClient } from '../support/api';

// Embedded mode went from a PGlite directory per service to one PGlite with a schema
// per service. A data directory of the old layout is built here the way the old launcher built it
// (a database per service under DATA_DIR, each service's migrations applied to its public schema),
// then the new code starts on it: the data is there, and counters continue where they were.

const logger = createLogger('test', 'silent');
const modules = {
  identity: identityModule({ bootstrap: { email: 'unused@example.com', organizationTitle: 'unused' } }),
  content: contentModule(),
  sites: sitesModule(),
  specs: specsModule(),
  insights: insightsModule(),
} satisfies Partial<Record<ServiceName, { name: string; migrationsDir: string }>>;
/** The services of the old layout; webhooks came later, and starts empty beside the copied ones. */
const LEGACY_SERVICES = Object.keys(modules) as (keyof typeof modules)[];

let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-legacy-layout-'));
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

it('copies a data directory of one database per service into the one database on first start', async () => {
  const token = `qr_${randomBytes(24).toString('base64url')}`;
  const lastSeq: Partial<Record<ServiceName, number>> = {};
  for (const name of LEGACY_SERVICES) {
    const db = await PgliteDatabase.open(join(dataDir, name));
    await migrate(db, migrationFolders(modules[name]), logger);
    if (name === 'identity')
      await bootstrapIdentity({ db, clock: () => new Date() }, { token, email: 'old@example.com', organizationTitle: 'From the old layout' }, logger);
    const { rows } = await db.query<{ seq: number }>(
      `INSERT INTO outbox (event_id, topic, key, payload, published_at) VALUES ($1, 'legacy', 'k', '{}', now()) RETURNING seq`,
      [`legacy-${name}`],
    );
    lastSeq[name] = rows[0].seq;
    await db.close();
  }

  const quire = await startEmbedded({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }, logger);
  try {
    // Identity's rows came over: the old token works, and nobody was bootstrapped again.
    expect(quire.bootstrap).toBeNull();
    const orgs = await apiClient({ target: 'embedded', url: quire.url, token, organizationId: '', cliEnv: {}, logDir: dataDir, pids: {} }).get('/v1/orgs');
    expect(orgs.status).toBe(200);
    expect(orgs.body.items.map((o: { title: string }) => o.title)).toEqual(['From the old layout']);
  } finally {
    await quire.stop();
  }

  for (const name of LEGACY_SERVICES) {
    expect(existsSync(join(dataDir, name))).toBe(false);
    expect(existsSync(join(dataDir, LEGACY_BACKUP_DIR, name, 'PG_VERSION'))).toBe(true);
  }
  const instance = await PgliteInstance.open(join(dataDir, DATABASE_DIR));
  try {
    const webhooks = await instance.schema('webhooks');
    expect((await webhooks.query('SELECT count(*)::int AS n FROM webhooks')).rows).toEqual([{ n: 0 }]);
    for (const name of LEGACY_SERVICES) {
      const db = await instance.schema(name);
      const legacy = await db.query<{ event_id: string }>('SELECT event_id FROM outbox WHERE topic = $1', ['legacy']);
      expect(legacy.rows).toEqual([{ event_id: `legacy-${name}` }]);
      const next = await db.query<{ seq: number }>(`INSERT INTO outbox (event_id, topic, key, payload) VALUES ($1, 'new', 'k', '{}') RETURNING seq`, [
        `new-${name}`,
      ]);
      expect(next.rows[0].seq).toBeGreaterThan(lastSeq[name]!);
    }
  } finally {
    await instance.close();
  }
}, 240_000);
