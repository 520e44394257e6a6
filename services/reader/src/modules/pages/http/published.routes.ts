import { Router, type Request, type Response } from 'express';
import { ApiError } from '@quire/errors';
import type { Logger } from '@quire/platform/logger';
import { answerWithin, type ClientLimit } from '../../limits';
import type { VisitRecorder } from '../../visits';
import { answerVisit } from '../application/answer-visit';
import type { ReaderDeps } from '../application/deps';
import { pageHeaders } from '../domain/page-headers';
import type { ReaderAnswer } from '../domain/reader-answer';
import { visitorUrlOf } from '../domain/visitor-url';
import { presentNoSite, presentOutcome, presentTooManyRequests, presentUnavailable } from '../presenters/page.presenter';

export interface PublishedRoutesDeps extends ReaderDeps {
  publicUrl: string;
  answerTimeoutMs: number;
  logger: Logger;
  /** Counts served pages as insights events (docs/reader.md, Counted); none in some unit tests. */
  visits?: VisitRecorder;
  /** Requests per client address (READER_RATE_LIMIT_PER_MINUTE); none in some unit tests. */
  limit?: ClientLimit;
}

/**
 * Every published address the gateway forwards (issue #36): GET and HEAD only. A client past its
 * rate limit gets a 429 page with Retry-After before any work; a dependency that fails or is
 * slower than READER_ANSWER_TIMEOUT_MS gives a 503 page at once, never a hang.
 */
export function publishedRoutes(deps: PublishedRoutesDeps): Router {
  const router = Router();
  router.use((req, res) => {
    void answer(deps, req, res).catch((err: Error) => {
      deps.logger.warn({ url: req.path, err: err.message }, 'published page failed');
      send(res, presentUnavailable());
    });
  });
  return router;
}

async function answer(deps: PublishedRoutesDeps, req: Request, res: Response): Promise<void> {
  const retryAfter = deps.limit ? await deps.limit.retryAfter(req) : null;
  if (retryAfter !== null) {
    res.setHeader('retry-after', String(retryAfter));
    return send(res, presentTooManyRequests());
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return send(res, { ...presentNoSite(req.path), status: 404 }, 405);
  }
  send(res, await answerInTime(deps, req));
}

async function answerInTime(deps: PublishedRoutesDeps, req: Request): Promise<ReaderAnswer> {
  const forwardedProto = req.header('x-forwarded-proto')?.split(',')[0]?.trim();
  const url = visitorUrlOf({
    publicUrl: deps.publicUrl,
    host: req.header('x-forwarded-host') ?? req.header('host'),
    proto: forwardedProto,
    path: req.originalUrl,
  });
  const secure = forwardedProto === 'https' || deps.publicUrl.startsWith('https:');
  // An address that is no URL (an odd Host) or that sites refuses as input (too long, malformed)
  // names no published site: the 404 page, not a 503 that would say a dependency is down.
  if (!URL.canParse(url)) return presentNoSite(req.path);
  const visit = () => answerVisit(deps, { url, cookie: req.header('cookie'), secure });
  // Content serves a site reader only the current revision: a merge landing between sites'
  // resolution and content's reads makes the resolved one unknown. Resolving again reads the new one.
  const answer = visit()
    .catch((err: unknown) => (isStaleRevision(err) ? visit() : Promise.reject(err)))
    .then(presentOutcome, (err: Error) => {
      if (err instanceof ApiError && err.code === 400) return presentNoSite(req.path);
      deps.logger.warn({ url: req.path, err: err.message }, 'published page failed');
      return presentUnavailable();
    });
  const served = await answerWithin(answer, deps.answerTimeoutMs, () => {
    deps.logger.warn({ url: req.path, timeoutMs: deps.answerTimeoutMs }, 'published page not answered in time');
    return presentUnavailable();
  });
  return counted(deps, req, served, url, secure);
}

function isStaleRevision(err: unknown): boolean {
  return err instanceof ApiError && err.code === 404 && /^Revision \S+ not found$/.test(err.message);
}

/**
 * The one place a served answer is reported (issue #36 §5): the visit is queued for insights (it
 * leaves after the answer, never delaying or failing it) and its visitor cookies join the answer.
 */
function counted(deps: PublishedRoutesDeps, req: Request, answer: ReaderAnswer, url: string, secure: boolean): ReaderAnswer {
  if (answer.kind === 'redirect' || !answer.visit || !deps.visits) return answer;
  const { kind, ...visit } = answer.visit;
  try {
    return { ...answer, cookies: deps.visits.recordVisit(kind, visit, req, url, secure) };
  } catch (err) {
    deps.logger.warn({ url: req.path, err: (err as Error).message }, 'visit not counted');
    return answer;
  }
}

function send(res: Response, answer: ReaderAnswer, status: number = answer.status): void {
  if (res.headersSent) return;
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  if (answer.kind === 'redirect') {
    if (answer.cookies.length) res.setHeader('set-cookie', answer.cookies);
    res.setHeader('cache-control', answer.status === 308 ? 'public, max-age=3600' : 'private, no-store');
    res.status(answer.status).location(answer.location).end();
    return;
  }
  if (answer.cookies?.length) res.setHeader('set-cookie', answer.cookies);
  if (answer.kind === 'text') {
    res.setHeader('content-type', answer.contentType);
    res.setHeader('cache-control', answer.restricted ? 'private, no-store' : 'no-cache');
    res.setHeader('vary', 'Cookie');
    if (answer.noindex) res.setHeader('x-robots-tag', 'noindex');
    res.status(status).send(answer.body);
    return;
  }
  for (const [name, value] of Object.entries(pageHeaders(answer.stylesheet, answer.restricted))) res.setHeader(name, value);
  res.status(status).send(answer.html);
}
