import type { sites as sitesProto } from '@quire/proto';
import { answerCacheKey, CACHED_KINDS, type AnswerCache, type CachedAnswer, type CachedKind } from '../../answer-cache';
import { LONG_ANSWER_ENTRY_FACTOR, LONG_ANSWER_KINDS } from '../domain/request-kind';
import type { ReaderAnswer, VisitOutcome } from '../domain/reader-answer';
import { visitOf, type VisitKind } from '../../visits';
import type { ReaderDeps } from './deps';
import { entryOf, feedbackFormOf } from './answer-entry';

// The one place the answer cache is read and written: the use case reads it before rendering and
// keeps long answers as they render; the route hands a rendered answer here to be encoded and kept.

/**
 * The answer cache in front of a rendering, so a page visitors ask for again is not rendered again: sites has just resolved the address for
 * this visitor (audience, redirects, unpublish: all live), so a kept answer of the same site
 * version, site space, path and kind is what rendering would give now. On a miss the outcome
 * carries its key: the route keeps it once encoded, if it is a 200.
 */
export async function cachedOr(
  deps: ReaderDeps,
  content: sitesProto.PublishedSiteContent,
  kind: CachedKind,
  render: () => Promise<VisitOutcome>,
): Promise<VisitOutcome> {
  const key = deps.answers?.enabled && CACHED_KINDS.includes(kind) ? answerCacheKey(content, kind) : null;
  if (!key || !deps.answers) return render();
  const entry = await deps.answers.get(key, kind);
  if (entry) {
    const visit = entry.visit && { ...visitOf(entry.visit.kind as VisitKind, content, entry.visit.revision, entry.visit.page), ...feedbackFormOf(entry.visit) };
    return { kind: 'cached', entry, ...(visit ? { visit } : {}) };
  }
  const answers = deps.answers;
  if (LONG_ANSWER_KINDS.includes(kind)) return answers.flights.join(key, async () => kept(answers, key, await render()));
  return sharedRender(answers, key, render);
}

/**
 * One render per key in this process (single flight): visitors of a page version not kept yet who
 * ask while it renders wait for that render instead of starting their own, and only its starter
 * keeps it (through the route), so other replicas find it in the shared cache. A joiner shares a
 * keepable answer only — what the cache would serve any visitor of this key; anything else (a
 * partial page, a not-found, a redirect with its cookies) is rendered for it on its own.
 */
async function sharedRender(answers: AnswerCache, key: string, render: () => Promise<VisitOutcome>): Promise<VisitOutcome> {
  const joined = answers.flights.has(key);
  const outcome = await answers.flights.join(key, async () => keyed(key, await render()));
  if (!joined) return outcome;
  return (outcome.kind === 'page' || outcome.kind === 'text') && outcome.cacheKey ? { ...outcome, cacheKey: undefined, joinedRender: true } : render();
}

/** A rendered outcome with the key the route keeps it under; a page or text rendered without a reference that failed to read (its note, its tag) is answered, not kept. */
function keyed(key: string, outcome: VisitOutcome): VisitOutcome {
  return (outcome.kind === 'page' || outcome.kind === 'text') && !outcome.isPartial ? { ...outcome, cacheKey: key } : outcome;
}

/**
 * A long answer's render keeps its own result (the route may have answered its visitor 503 by
 * then): a 200 text is encoded and stored, and every request that joined the render gets it.
 */
async function kept(answers: AnswerCache, key: string, outcome: VisitOutcome): Promise<VisitOutcome> {
  if (outcome.kind !== 'text' || outcome.status !== 200) return outcome;
  const entry = await entryOf(outcome);
  // Not waited for: a slow cache must not hold the flight (and every request joining it) open.
  if (!outcome.isPartial) void answers.set(key, entry, LONG_ANSWER_ENTRY_FACTOR);
  return { kind: 'cached', entry, rendered: true, ...(outcome.visit ? { visit: outcome.visit } : {}) };
}

/** A rendered body answer as an encoded entry; a 200 with a cache key is kept for the next visitors (never waited for); a joined render is a miss too. */
export async function encodedAnswer(
  deps: Pick<ReaderDeps, 'answers'>,
  answer: Exclude<ReaderAnswer, { kind: 'redirect' } | { kind: 'cached' } | { kind: 'file' }>,
): Promise<{ entry: CachedAnswer; answerStatus: number; cache: 'miss' | undefined }> {
  const entry = await entryOf(answer);
  const key = answer.status === 200 && deps.answers ? answer.cacheKey : undefined;
  if (key) void deps.answers?.set(key, entry);
  return { entry, answerStatus: answer.status, cache: key || answer.joinedRender ? 'miss' : undefined };
}
