import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PgliteDatabase } from '@quire/platform/sql/pglite';
import { startGitSync } from '../src/modules/git-sync/application/start-git-sync';
import { createSpaceWithRevision } from '../src/modules/spaces/application/create-space';
import { openContentDb } from './content-db';

// The tree and commit URLs of a Git Sync request (repoTreeURL, repoCommitURL,
// gitInfo.url) are stored without their `user:token@`, and migration 011 cleans rows stored before.

const TOKEN = 'ghp_s3cr3t_t0ken_value';
const withToken = (path: string) => `https://quire-bot:${TOKEN}@git.example.com/acme/docs/${path}`;
let db: PgliteDatabase;
const clock = () => new Date('2026-11-27T08:00:00Z');

beforeAll(async () => {
  db = await openContentDb();
});
afterAll(async () => {
  await db.close();
});

async function newSpace() {
  const space = await createSpaceWithRevision(
    db,
    { organizationId: 'org1', parentId: null, title: 'Synced', emoji: '', visibility: 'private', defaultLevel: 'inherit', editMode: 'live', createdBy: 'u1' },
    clock(),
  );
  return space;
}

/** Every stored trace of the space's Git Sync, as text. */
async function storedText(spaceId: string): Promise<string> {
  const rows = await Promise.all([
    db.query('SELECT tree_url, remote FROM space_git_sync WHERE space_id = $1', [spaceId]),
    db.query('SELECT options, remote FROM git_sync_operations WHERE space_id = $1', [spaceId]),
    db.query('SELECT git_commit FROM revisions WHERE space_id = $1', [spaceId]),
  ]);
  return JSON.stringify(rows.map((r) => r.rows));
}

it('stores the tree and commit URLs without credentials; only the remote is kept with them, sealed', async () => {
  const space = await newSpace();
  await startGitSync({ db, clock, internalSecret: 'x'.repeat(32), staleAfterMs: 60_000 }, space, 'u1', {
    direction: 'import',
    url: withToken('repo.git'),
    ref: 'main',
    options: { treeUrl: withToken('tree/main'), commitUrl: withToken('commit') },
    gitInfo: { provider: 'github', url: withToken('tree/main/docs') },
  });
  const stored = await storedText(space.id);
  expect(stored).not.toContain(TOKEN);
  expect(stored).toContain('https://git.example.com/acme/docs/tree/main/docs');
  expect(stored).toContain('"commitUrl":"https://git.example.com/acme/docs/commit"');
  expect(stored).toContain('"treeUrl":"https://git.example.com/acme/docs/tree/main"');
});

it('migration 011 removes the credentials of URLs stored before, and leaves the rest of each row', async () => {
  const space = await newSpace();
  await db.query(
    `INSERT INTO space_git_sync (space_id, remote, ref, repo_name, tree_url, updated_at) VALUES ($1, 'https://git.example.com/acme/docs.git', 'refs/heads/main', 'acme/docs', $2, now())`,
    [space.id, withToken('tree/main')],
  );
  await db.query(
    `INSERT INTO git_sync_operations (id, space_id, organization_id, direction, remote, ref, options, created_by, started_at, updated_at)
     VALUES ('op-011', $1, 'org1', 'import', 'https://git.example.com/acme/docs.git', 'refs/heads/main', $2, 'u1', now(), now())`,
    [space.id, JSON.stringify({ treeUrl: withToken('tree/main'), commitUrl: withToken('commit'), force: true })],
  );
  await db.query(`UPDATE revisions SET git_commit = $2 WHERE id = $1`, [
    space.revisionId,
    JSON.stringify({ oid: 'abc', message: 'm', createdByQuire: false, ref: 'refs/heads/main', url: `${withToken('commit')}/abc` }),
  ]);
  expect(await storedText(space.id)).toContain(TOKEN);

  await db.exec(readFileSync(join(__dirname, '..', 'migrations', '011_git_sync_url_credentials.sql'), 'utf8'));

  expect(await storedText(space.id)).not.toContain(TOKEN);
  const sync = await db.query<{ tree_url: string }>('SELECT tree_url FROM space_git_sync WHERE space_id = $1', [space.id]);
  expect(sync.rows[0]!.tree_url).toBe('https://git.example.com/acme/docs/tree/main');
  const op = await db.query<{ options: Record<string, unknown> }>(`SELECT options FROM git_sync_operations WHERE id = 'op-011'`);
  expect(op.rows[0]!.options).toEqual({
    treeUrl: 'https://git.example.com/acme/docs/tree/main',
    commitUrl: 'https://git.example.com/acme/docs/commit',
    force: true,
  });
  const revision = await db.query<{ git_commit: Record<string, unknown> }>('SELECT git_commit FROM revisions WHERE id = $1', [space.revisionId]);
  expect(revision.rows[0]!.git_commit).toEqual({
    oid: 'abc',
    message: 'm',
    createdByQuire: false,
    ref: 'refs/heads/main',
    url: 'https://git.example.com/acme/docs/commit/abc',
  });
});
