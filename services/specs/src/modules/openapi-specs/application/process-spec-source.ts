import { newId } from '@quire/ids';
import type { Logger } from '@quire/platform/logger';
import { OutboundError, type OutboundFetcher } from '@quire/platform/outbound';
import { enqueueEvent } from '@quire/platform/outbox';
import type { SqlDatabase } from '@quire/platform/sql';
import { outboxEvent, type ProcessSpecJob, SpecEvent, SPECS_TOPIC } from '@quire/contracts';
import { findSpecById, markSpecInProgress, markSpecProcessed } from '../store/openapi-specs.store';
import { deleteSpecSourcesUpTo, findSpecSource } from '../store/spec-sources.store';
import { findSpecVersionDocument, insertSpecVersion } from '../store/spec-versions.store';
import type { SpecDocuments } from '../domain/spec-documents';
import type { ProcessError, ProcessErrorCode } from '../model/openapi-spec';

export interface ProcessingDeps {
  db: SqlDatabase;
  fetcher: OutboundFetcher;
  logger: Logger;
  clock: () => Date;
  fetchTimeoutMs: number;
  maxDocumentBytes: number;
  /** Parses and validates (in a thread when the document is large). */
  documents: Pick<SpecDocuments, 'check'>;
}

type Outcome = { text: string; sourceUrl: string | null } | { errorCode: ProcessErrorCode; errors: ProcessError[]; errorCount: number };

/**
 * Processes one source of a spec: fetch (URL sources, through the outbound-fetch rules), parse,
 * validate, and store a new version when the document differs from the latest one. A job is
 * idempotent without a ledger: it only acts while its source is the spec's pending one, and
 * finishing clears that, so a redelivered or superseded job does nothing. What went wrong with
 * the document (fetch, parse) is the spec's `lastProcessErrorCode`, not an error of the job.
 */
export async function processSpecSource(deps: ProcessingDeps, job: ProcessSpecJob): Promise<void> {
  const { db, logger } = deps;
  const spec = await findSpecById(db, job.specId);
  if (!spec || spec.pendingSourceId !== job.sourceId) return;
  const source = await findSpecSource(db, job.sourceId);
  if (!source) return;
  const started = Date.now();
  await markSpecInProgress(db, spec.id, job.sourceId, deps.clock());

  const outcome = await loadDocument(deps, source);
  const check = 'text' in outcome ? await deps.documents.check(outcome.text) : null;

  await db.transaction(async (tx) => {
    const current = await findSpecById(tx, spec.id, { forUpdate: true });
    // Deleted, or given a newer source while this one was processed: that source's job decides.
    if (!current || current.pendingSourceId !== job.sourceId) return;
    const now = deps.clock();
    await deleteSpecSourcesUpTo(tx, spec.id, source.createdAt);
    if (!('text' in outcome) || !check?.ok) {
      const failure =
        'text' in outcome
          ? { errorCode: 'PARSE_ERROR' as const, errors: check && !check.ok ? check.errors : [], errorCount: check && !check.ok ? check.errorCount : 0 }
          : outcome;
      await markSpecProcessed(tx, spec.id, { errorCode: failure.errorCode, errors: failure.errors, errorCount: failure.errorCount }, now);
      await enqueueEvent(
        tx,
        outboxEvent(SPECS_TOPIC, spec.id, SpecEvent.specProcessed, { organizationId: spec.organizationId, specId: spec.id, errorCode: failure.errorCode }),
        now,
      );
      logger.info({ specId: spec.id, errorCode: failure.errorCode, ms: Date.now() - started }, 'OpenAPI spec processed with an error');
      return;
    }
    const latest = current.lastVersionId ? await findSpecVersionDocument(tx, current.lastVersionId) : null;
    let versionId: string | undefined;
    if (latest?.sha256 !== check.spec.sha256) {
      const version = await insertSpecVersion(
        tx,
        {
          id: newId(),
          specId: spec.id,
          sha256: check.spec.sha256,
          sourceUrl: outcome.sourceUrl,
          fileName: check.spec.fileName,
          mediaType: check.spec.mediaType,
          document: outcome.text,
        },
        now,
      );
      versionId = version.id;
      await enqueueEvent(
        tx,
        outboxEvent(SPECS_TOPIC, spec.id, SpecEvent.specVersionCreated, { organizationId: spec.organizationId, specId: spec.id, versionId }),
        now,
      );
    }
    await markSpecProcessed(tx, spec.id, { lastVersionId: versionId, errorCode: null, errors: null, errorCount: 0 }, now);
    await enqueueEvent(
      tx,
      outboxEvent(SPECS_TOPIC, spec.id, SpecEvent.specProcessed, {
        organizationId: spec.organizationId,
        specId: spec.id,
        errorCode: null,
        newVersion: versionId ?? null,
      }),
      now,
    );
    logger.info({ specId: spec.id, newVersion: versionId ?? null, bytes: outcome.text.length, ms: Date.now() - started }, 'OpenAPI spec processed');
  });
}

async function loadDocument(deps: ProcessingDeps, source: { url: string | null; text: string | null }): Promise<Outcome> {
  if (source.url === null) return { text: source.text ?? '', sourceUrl: null };
  try {
    const res = await deps.fetcher.fetch(source.url, {
      timeoutMs: deps.fetchTimeoutMs,
      maxBytes: deps.maxDocumentBytes,
      accept: 'application/json, application/yaml, text/yaml, */*',
    });
    return { text: res.body.toString('utf8'), sourceUrl: source.url };
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    return {
      errorCode: err.kind === 'timeout' ? 'FETCH_TIMEOUT' : 'FETCH_ERROR',
      errors: [{ code: err.kind === 'http' && err.status ? `HTTP_${err.status}` : err.kind.toUpperCase().replace('-', '_'), message: err.message }],
      errorCount: 1,
    };
  }
}
