import { mkdtemp, rm } from 'node:fs/promises';
import { enqueueEvent } from '@quire/platform/outbox';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withTimeout } from '@quire/helpers';
import { newId } from '@quire/ids';
import type { BlobStore } from '@quire/platform/blobs';
import type { Cache } from '@quire/platform/cache';
import type { Logger } from '@quire/platform/logger';
import type { OutboundFetcher } from '@quire/platform/outbound';
import { openSecret } from '@quire/platform/secrets';
import type { SqlDatabase, SqlExecutor } from '@quire/platform/sql';
import { placeDocuments, writeGitLayout, type readGitLayout } from '@quire/formats';
import type { GitSyncLimits } from '../../../settings';
import { CONTENT_TOPIC, ContentEvent, outboxEvent, type RunGitSyncJob } from '@quire/contracts';
import { advanceGitSyncOperation, findGitSyncOperation, findSpaceGitSync, finishGitSyncOperation, recordGitSyncCommit } from '../store/git-sync.store';
import {
  findRevision,
  storeBlobs,
  setRevisionGit,
  type GitBlobRecord,
  type GitCommitRecord,
  commitEdit,
  spaceHead,
  standaloneHead,
  revisionCacheKey,
} from '../../revisions';
import { findSpaceById } from '../../spaces';
import { applyContentChanges } from '../../change-requests';
import { fetchTree, headOf, pushTree, blobOid } from '../domain/git-remote';
import { redactRemoteSecrets } from '../domain/git-remote-url';
import { importChanges } from '../domain/import-changes';
import { GIT_REMOTE_SEAL } from '../domain/git-sync-request';
import {
  commitUrl,
  countPages,
  failureMessage,
  gitBlobs,
  isOperationError,
  isOwnCommit,
  layoutOf,
  SPACE_TRAILER,
  SyncFailure,
} from '../domain/git-sync-run-rules';
import { readSpaceLayout } from './read-space-layout';
import type { GitSyncOperation, GitSyncStage } from '../model/git-sync';

export interface GitSyncJobDeps {
  db: SqlDatabase;
  blobs: BlobStore;
  cache: Cache;
  fetcher: OutboundFetcher;
  logger: Logger;
  clock: () => Date;
  internalSecret: string;
  limits: GitSyncLimits;
}

type Outcome = { revisionId: string; commitId: string; note?: string };

/**
 * Runs one Git Sync operation (the `git-sync.run` job). Idempotent without a ledger: it acts only
 * while its operation is `running`, and ending it is conditional on that, so a redelivered job does
 * nothing. What goes wrong with the repository (fetch, layout, limits, a moved branch) ends the
 * operation as `failure` with the reason; only a store failure throws to the bus.
 */
export async function runGitSync(deps: GitSyncJobDeps, job: RunGitSyncJob): Promise<void> {
  const op = await findGitSyncOperation(deps.db, job.spaceId, job.operationId);
  if (!op || op.state !== 'running' || !op.remoteSealed) return;
  const url = openSecret(deps.internalSecret, GIT_REMOTE_SEAL, op.remoteSealed);
  const space = await findSpaceById(deps.db, op.spaceId);
  if (!space) return;
  const started = Date.now();
  const log = deps.logger.child({ spaceId: op.spaceId, operationId: op.id, direction: op.direction, remote: op.remote, ref: op.ref });
  await deps.db.transaction((tx) => announceGitSync(tx, op, ContentEvent.gitSyncStarted, { revisionId: space.revisionId, commitId: '' }, deps.clock()));
  log.info('Git Sync started');

  const workDir = await mkdtemp(join(tmpdir(), 'quire-git-'));
  const stageMs: Partial<Record<GitSyncStage, number>> = {};
  const stage = async <T>(name: GitSyncStage, work: () => Promise<T>, tasks?: { dispatchedTasks?: number; completedTasks?: number }): Promise<T> => {
    await advanceGitSyncOperation(deps.db, op.id, { stage: name, ...tasks }, deps.clock());
    log.info({ stage: name, ...tasks }, 'Git Sync stage');
    const at = Date.now();
    try {
      return await withTimeout(work(), deps.limits.stageTimeoutMs, `the ${name} stage took longer than ${deps.limits.stageTimeoutMs} ms`);
    } finally {
      stageMs[name] = Date.now() - at;
    }
  };
  let outcome: Outcome | { error: string };
  try {
    const remote = { url, ref: op.ref };
    const gitDeps = { fetcher: deps.fetcher, limits: deps.limits, workDir };
    outcome = op.direction === 'import' ? await runImport(deps, op, remote, gitDeps, stage) : await runExport(deps, op, remote, gitDeps, stage);
  } catch (err) {
    if (!isOperationError(err)) log.error({ err: redactRemoteSecrets(String(err instanceof Error ? err.stack : err), url) }, 'Git Sync failed unexpectedly');
    outcome = { error: redactRemoteSecrets(failureMessage(err), url) };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }

  // An import that made a revision ended its operation with it (runImport); this ends every other.
  await deps.db.transaction((tx) =>
    endOperation(
      tx,
      op,
      'error' in outcome
        ? { state: 'failure', revisionId: space.revisionId, commitId: '', error: outcome.error }
        : { state: 'success', revisionId: outcome.revisionId, commitId: outcome.commitId, error: null },
      deps.clock(),
    ),
  );
  log.info({ ms: Date.now() - started, stageMs, ...('error' in outcome ? { error: outcome.error } : outcome) }, 'Git Sync ended');
}

type Stage = <T>(name: GitSyncStage, work: () => Promise<T>, tasks?: { dispatchedTasks?: number; completedTasks?: number }) => Promise<T>;
type Remote = { url: string; ref: string };
type GitDeps = { fetcher: OutboundFetcher; limits: GitSyncLimits; workDir: string };

async function runImport(deps: GitSyncJobDeps, op: GitSyncOperation, remote: Remote, gitDeps: GitDeps, stage: Stage): Promise<Outcome> {
  const { db } = deps;
  const sync = await findSpaceGitSync(db, op.spaceId);
  const current = (await findSpaceById(db, op.spaceId))!.revisionId;
  // The reference's ordering rule: an import triggered before the last export finished is stale.
  if (op.options.timestamp && sync?.lastExportAt && new Date(op.options.timestamp) < sync.lastExportAt && !op.options.force)
    return { revisionId: current, commitId: sync.lastCommit ?? '', note: 'skipped: older than the last export' };

  const directory = op.options.projectDirectory;
  const fetched = await stage('repo_fetch', () => fetchTree(remote, { ...gitDeps, ...(directory ? { directory } : {}) }));
  if (!op.options.force && isOwnCommit(fetched.commitMessage, op.spaceId))
    return { revisionId: current, commitId: fetched.commitOid, note: "skipped: the commit is this space's own export" };

  const layout = await stage('config_check', async () => layoutOf(fetched.files, deps.limits.maxPages));
  const tasks = countPages(layout.pages) + layout.files.length;
  // Blobs are named by their path in the repository, the project folder included.
  const prefix = directory ? `${directory}/` : '';
  const oids = new Map(fetched.files.map((f) => [prefix + f.path, f.oid]));

  await stage(
    'content_process',
    () =>
      storeBlobs(
        db,
        deps.blobs,
        layout.files.map((f) => f.bytes),
      ),
    { dispatchedTasks: tasks },
  );

  return stage('finalize', () => commitImport(deps, op, fetched, { layout, prefix, oids }), { completedTasks: tasks });
}

type Fetched = Awaited<ReturnType<typeof fetchTree>>;
type ImportPlan = { layout: ReturnType<typeof readGitLayout>; prefix: string; oids: Map<string, string> };

/** The import's revision, committed with its Git records and the operation's end in one transaction. */
async function commitImport(deps: GitSyncJobDeps, op: GitSyncOperation, fetched: Fetched, { layout, prefix, oids }: ImportPlan): Promise<Outcome> {
  const { db } = deps;
  const head = op.options.standalone ? standaloneHead(op.spaceId) : spaceHead(op.spaceId);
  const request = { head, organizationId: op.organizationId, userId: op.createdBy };
  let blobs: Record<string, GitBlobRecord> = {};
  const commit: GitCommitRecord = {
    oid: fetched.commitOid,
    message: fetched.commitMessage,
    createdByQuire: false,
    ref: op.ref,
    ...commitUrl(op, fetched.commitOid),
  };
  const { revisionId } = await commitEdit(
    db,
    deps.clock,
    request,
    (tree) => {
      // Planned on the revision the head points at under its lock: nobody's edit is lost in between.
      const plan = importChanges(tree, layout, newId);
      for (const dropped of plan.droppedIcons)
        deps.logger.warn({ spaceId: op.spaceId, operationId: op.id, ...dropped }, 'Git Sync import: not an icon name, dropped');
      const draft = applyContentChanges(tree, plan.changes, { newId, now: deps.clock() });
      blobs = gitBlobs(
        [...plan.pageIds].flatMap(([page, id]) => (page.file ? [[id, prefix + page.file] as const] : [])),
        draft.tree.files.map((f) => {
          const file = layout.files.find((l) => l.name === f.name);
          return [f.id, file && prefix + file.path] as const;
        }),
        oids,
      );
      return draft;
    },
    async (tx, revisionId) => {
      await setRevisionGit(tx, revisionId, commit, blobs);
      await recordGitSyncCommit(tx, op.spaceId, fetched.commitOid, null, deps.clock());
      // The operation ends with its revision: readers (and a single-connection embedded database
      // that the search index is about to keep busy) see both at once.
      await endOperation(tx, op, { state: 'success', revisionId, commitId: fetched.commitOid, error: null }, deps.clock());
    },
  );
  return { revisionId, commitId: fetched.commitOid };
}

async function runExport(deps: GitSyncJobDeps, op: GitSyncOperation, remote: Remote, gitDeps: GitDeps, stage: Stage): Promise<Outcome> {
  const { db } = deps;
  const sync = await findSpaceGitSync(db, op.spaceId);
  const head = await stage('repo_fetch', () => headOf(remote, gitDeps));
  // Someone pushed since the last sync: exporting would overwrite their work (unless forced).
  if (head && sync?.lastCommit && head !== sync.lastCommit && !op.options.force)
    throw new SyncFailure(
      `${op.ref} moved since the last sync (it is at ${head.slice(0, 12)}, the last sync saw ${sync.lastCommit.slice(0, 12)}): import it first, or export with force`,
    );

  const space = (await findSpaceById(db, op.spaceId))!;
  const revision = (await findRevision(db, op.spaceId, space.revisionId))!;
  const layout = await stage('config_check', () => readSpaceLayout(db, deps.blobs, revision.tree));
  const files = await stage('content_process', async () => writeGitLayout(layout.content), {
    dispatchedTasks: revision.tree.pages.length + revision.tree.files.length,
  });

  return stage(
    'finalize',
    async () => {
      const message = `${op.options.commitMessage ?? 'Export from Quire'}\n\n${SPACE_TRAILER}: ${op.spaceId}\nQuire-Revision: ${revision.id}\n`;
      const pushed = await pushTree(
        remote,
        files,
        { message, expectedParent: op.options.force ? undefined : head, force: op.options.force, directory: op.options.projectDirectory },
        gitDeps,
      );
      const prefix = op.options.projectDirectory ? `${op.options.projectDirectory}/` : '';
      const written = new Map(files.map((f) => [f.path, f.bytes]));
      const oids = new Map([...written].map(([path, bytes]) => [prefix + path, blobOid(bytes)]));
      const blobs = gitBlobs(
        [...placeDocuments(layout.content.pages)].flatMap(([page, { file }]) => {
          const id = layout.pageIds.get(page);
          return id && written.has(file) ? [[id, prefix + file] as const] : [];
        }),
        [...layout.fileIds].map(([path, id]) => [id, prefix + path] as const),
        oids,
      );
      await db.transaction(async (tx) => {
        await setRevisionGit(tx, revision.id, { oid: pushed.commitOid, message, createdByQuire: true, ref: op.ref, ...commitUrl(op, pushed.commitOid) }, blobs);
        await recordGitSyncCommit(tx, op.spaceId, pushed.commitOid, deps.clock(), deps.clock());
      });
      await deps.cache.del([revisionCacheKey(op.spaceId, revision.id)]).catch(() => undefined);
      return { revisionId: revision.id, commitId: pushed.commitOid };
    },
    { completedTasks: revision.tree.pages.length + revision.tree.files.length },
  );
}

/** Ends a running operation and announces `space.gitsync-completed`; nothing when it had ended already. */
async function endOperation(
  tx: SqlExecutor,
  op: GitSyncOperation,
  end: { state: 'success' | 'failure'; revisionId: string; commitId: string; error: string | null },
  now: Date,
): Promise<void> {
  const ended = await finishGitSyncOperation(tx, op.id, { ...end, commitId: end.commitId || null }, now);
  if (ended) await announceGitSync(tx, op, ContentEvent.gitSyncCompleted, end, now);
}

/** `space.gitsync-started` / `space.gitsync-completed` in the caller's transaction. */
async function announceGitSync(
  tx: SqlExecutor,
  op: GitSyncOperation,
  type: typeof ContentEvent.gitSyncStarted | typeof ContentEvent.gitSyncCompleted,
  facts: { revisionId: string; commitId: string; state?: 'success' | 'failure' },
  now: Date,
): Promise<void> {
  const base = {
    spaceId: op.spaceId,
    organizationId: op.organizationId,
    operationId: op.id,
    direction: op.direction,
    revisionId: facts.revisionId,
    commitId: facts.commitId,
  };
  if (type === ContentEvent.gitSyncStarted) await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, op.spaceId, ContentEvent.gitSyncStarted, base), now);
  else await enqueueEvent(tx, outboxEvent(CONTENT_TOPIC, op.spaceId, ContentEvent.gitSyncCompleted, { ...base, state: facts.state ?? 'success' }), now);
}
