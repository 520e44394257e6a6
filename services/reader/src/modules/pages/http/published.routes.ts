import type { IncomingMessage, ServerResponse } from 'node:http';
import encodeUrl from 'encodeurl';
import express, { Router } from 'express';
import { ApiError } from '@quire/errors';
import { requestHeader, requestPath, type PlainRoute } from '@quire/platform/http';
import type { Logger } from '@quire/platform/logger';
import { chooseCoding, isNotModified, representationOf, type CachedAnswer } from '../../answer-cache';
import { answerWithin, type ClientLimit } from '../../limits';
import type { VisitRecorder } from '../../visits';
import { encodedAnswer } from '../application/answer-caching';
import type { SiteChromeView } from '@quire/page-html';
import { answerVisit, siteChromeAt } from '../application/answer-visit';
import type { ReaderDeps } from '../application/deps';
import { cacheControl, cookiesAllowedBy, fileHeaders, fileNotModified, pageHeaders } from '../domain/page-headers';
import { LONG_ANSWER_KINDS, LONG_ANSWER_TIMEOUT_FACTOR, hasDotSegment, readRequestKind } from '../domain/request-kind';
import type { FileAnswer, ReaderAnswer } from '../domain/reader-answer';
import { visitorUrlOf } from '../../visitor-access';
import { isMcpPath } from '../../machine-readable';
import { answerAsset } from './reader-assets';
import {
  presentFeedbackRefused,
  presentFeedbackThanks,
  presentNoSite,
  presentOutcome,
  presentTooManyRequests,
  presentUnavailable,
} from '../presenters/page.presenter';
import { feedbackCommentOf } from './feedback.schema';

/** A long answer not ready in time is still being rendered and kept: asked again after this, it is a cache hit. */
const LONG_ANSWER_RETRY_AFTER_SECONDS = 5;

export interface PublishedRoutesDeps extends ReaderDeps {
  publicUrl: string;
  answerTimeoutMs: number;
  logger: Logger;
  /** Counts served pages as insights events (docs/reader.md, Counted); none in some unit tests. */
  visits?: VisitRecorder;
  /** Requests per client address (READER_RATE_LIMIT_PER_MINUTE); none in some unit tests. */
  limit?: ClientLimit;
}

/** A visitor's request as the reader reads it: Node's own, and a posted form's fields once parsed (express). */
type VisitorRequest = IncomingMessage & { body?: unknown };

/**
 * Every published address the gateway forwards: GET and HEAD (pages, files, machine reads) and a
 * page's feedback form (POST). A client past its rate limit gets a 429 page with Retry-After before
 * any work; a dependency that fails or is slower than READER_ANSWER_TIMEOUT_MS gives a 503 page at
 * once, never a hang. Served by express after the MCP routes; GET and HEAD come first through
 * `publishedPlainRoute`, on the same `answer`.
 */
export function publishedRoutes(deps: PublishedRoutesDeps): Router {
  const router = Router();
  // A feedback comment is the only form body the reader reads (a comment is at most 512 characters).
  const formBody = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 4 });
  router.use((req, res, next) => (req.method === 'POST' ? formBody(req, res, next) : next()));
  router.use((req, res) => answerSafely(deps, req, res));
  return router;
}

/**
 * GET and HEAD of published addresses before express (the service shell's PlainRoute): nearly every
 * request the reader gets, and a cached page's answer costs less than express's dispatch. MCP
 * addresses and posts (feedback forms) stay with express, which parses their bodies.
 */
export function publishedPlainRoute(deps: PublishedRoutesDeps): PlainRoute {
  return {
    metricsRoute: 'published',
    matches: (req) => (req.method === 'GET' || req.method === 'HEAD') && !isMcpPath(requestPath(req)),
    handle: (req, res) => answerSafely(deps, req, res),
  };
}

function answerSafely(deps: PublishedRoutesDeps, req: VisitorRequest, res: ServerResponse): void {
  void answer(deps, req, res).catch((err: Error) => {
    deps.logger.warn({ url: requestPath(req), err: err.message }, 'published answer not sent');
    if (!res.headersSent) {
      res.statusCode = 503;
      res.end();
    }
  });
}

async function answer(deps: PublishedRoutesDeps, req: VisitorRequest, res: ServerResponse): Promise<void> {
  const retryAfter = deps.limit ? await deps.limit.retryAfter(req) : null;
  if (retryAfter !== null) {
    res.setHeader('retry-after', String(retryAfter));
    return send(deps, req, res, presentTooManyRequests());
  }
  const rating = req.method === 'POST' ? feedbackRatingOf(feedbackParameterOf(req.url)) : undefined;
  if (rating) return answerFeedback(deps, req, res, rating);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return send(deps, req, res, { ...presentNoSite(requestPath(req)), status: 404 }, 405);
  }
  if (answerAsset(req, res)) return;
  await send(deps, req, res, await answerInTime(deps, req, res));
}

/**
 * A page's feedback form posted (docs/reader.md, Page feedback): the address is resolved as a visit
 * would be and, when it is a page that offers the form, counted as `page_post_feedback` with the
 * rating instead of a view, or `page_post_feedback_comment` when the form body has a `comment`; the
 * answer thanks the visitor (and asks for a comment after a rating). Anything else answers as a POST always did (405).
 */
async function answerFeedback(deps: PublishedRoutesDeps, req: VisitorRequest, res: ServerResponse, rating: FeedbackRating): Promise<void> {
  let comment: string | undefined;
  try {
    comment = feedbackCommentOf(req.body);
  } catch (err) {
    if (err instanceof ApiError && err.code === 400) return send(deps, req, res, presentFeedbackRefused(err.message));
    throw err;
  }
  const served = await answerInTime(deps, req, res, { rating, comment });
  // Only a page that offers the form takes a rating (the site's customization turns it on).
  if (
    served.kind === 'redirect' ||
    served.kind === 'file' ||
    served.visit?.kind !== 'page_view' ||
    !served.visit.feedbackForm ||
    !(served.kind === 'cached' || served.status === 200)
  ) {
    res.setHeader('allow', 'GET, HEAD');
    return send(deps, req, res, { ...presentNoSite(requestPath(req)), status: 404 }, 405);
  }
  // One leading slash: `//host/…` would send the visitor to another host.
  const pagePath = requestPath(req).replace(/^\/+/, '/');
  const chrome = await feedbackChrome(deps, req);
  await send(deps, req, res, { ...presentFeedbackThanks(chrome, pagePath, rating, comment !== undefined), cookies: served.cookies ?? [] });
}

/** The site's chrome for the thanks, within the answer's time; none (a plain page) when it fails or is late. */
async function feedbackChrome(deps: PublishedRoutesDeps, req: VisitorRequest): Promise<SiteChromeView | undefined> {
  const { url } = visitorRequestOf(deps, req, true);
  const chrome = siteChromeAt(deps, { url, cookie: requestHeader(req, 'cookie') }).catch((err: Error) => {
    deps.logger.warn({ url: requestPath(req), err: err.message }, 'feedback page chrome failed');
    return undefined;
  });
  return answerWithin(chrome, deps.answerTimeoutMs, () => undefined);
}

/** The address the visitor asked for (a feedback post's rating taken off) and whether it came over https. */
function visitorRequestOf(deps: PublishedRoutesDeps, req: VisitorRequest, isFeedback: boolean): { url: string; secure: boolean } {
  const forwardedProto = requestHeader(req, 'x-forwarded-proto')?.split(',')[0]?.trim();
  const url = visitorUrlOf({
    publicUrl: deps.publicUrl,
    host: requestHeader(req, 'x-forwarded-host') ?? requestHeader(req, 'host'),
    proto: forwardedProto,
    // A feedback post's rating is no part of the page's address.
    path: isFeedback ? withoutFeedback(addressOf(req)) : addressOf(req),
  });
  return { url, secure: forwardedProto === 'https' || deps.publicUrl.startsWith('https:') };
}

async function answerInTime(deps: PublishedRoutesDeps, req: VisitorRequest, res: ServerResponse, feedback?: Feedback): Promise<ReaderAnswer> {
  const { url, secure } = visitorRequestOf(deps, req, feedback !== undefined);
  const path = requestPath(req);
  // An address that is no URL (an odd Host) or that sites refuses as input (too long, malformed)
  // names no published site: the 404 page, not a 503 that would say a dependency is down. So does
  // a path with dot segments, which parsing would turn into another address.
  if (!URL.canParse(url) || hasDotSegment(addressOf(req))) return presentNoSite(path);
  const visit = () => answerVisit(deps, { url, cookie: requestHeader(req, 'cookie'), secure });
  // Content serves a site reader only the current revision: a merge landing between sites'
  // resolution and content's reads makes the resolved one unknown. Resolving again reads the new one.
  const answer = visit()
    .catch((err: unknown) => (isStaleRevision(err) ? visit() : Promise.reject(err)))
    .then(presentOutcome, (err: Error) => {
      if (err instanceof ApiError && err.code === 400) return presentNoSite(path);
      deps.logger.warn({ url: path, err: err.message }, 'published page failed');
      return presentUnavailable();
    });
  // `llms-full.txt` and `sitemap.xml` read every page: a longer budget, and a render that outlives
  // it is still kept in the answer cache (answer-caching.ts), so the visitor is asked to come back.
  const long = LONG_ANSWER_KINDS.includes(readRequestKind(url).kind);
  const timeoutMs = long ? deps.answerTimeoutMs * LONG_ANSWER_TIMEOUT_FACTOR : deps.answerTimeoutMs;
  const served = await answerWithin(answer, timeoutMs, () => {
    deps.logger.warn({ url: path, timeoutMs }, 'published page not answered in time');
    if (long) res.setHeader('retry-after', String(LONG_ANSWER_RETRY_AFTER_SECONDS));
    return presentUnavailable();
  });
  return counted(deps, req, served, url, secure, feedback);
}

function isStaleRevision(err: unknown): boolean {
  return err instanceof ApiError && err.code === 404 && err.reason === 'revision-not-found';
}

/**
 * The one place a served answer is reported: the visit is queued for insights (it
 * leaves after the answer, never delaying or failing it) and its visitor cookies join the answer.
 */
function counted(deps: PublishedRoutesDeps, req: VisitorRequest, answer: ReaderAnswer, url: string, secure: boolean, feedback?: Feedback): ReaderAnswer {
  if (answer.kind === 'redirect' || answer.kind === 'file' || !answer.visit || !deps.visits) return answer;
  const { kind, ...visit } = answer.visit;
  // A feedback post counts the rating (or comment) of a page, not one more view of it.
  if (feedback && kind !== 'page_view') return answer;
  if (feedback && !visit.feedbackForm) return answer;
  try {
    const cookies = !feedback
      ? deps.visits.recordVisit(kind, visit, req, url, secure)
      : feedback.comment === undefined
        ? deps.visits.recordVisit('page_post_feedback', { ...visit, rating: feedback.rating }, req, url, secure)
        : deps.visits.recordVisit('page_post_feedback_comment', { ...visit, ...feedback }, req, url, secure);
    return { ...answer, cookies };
  } catch (err) {
    deps.logger.warn({ url: requestPath(req), err: (err as Error).message }, 'visit not counted');
    return answer;
  }
}

/**
 * Writes an answer. A body answer is encoded (gzip and brotli once, its strong ETag) unless it came
 * from the answer cache already encoded; a rendered 200 with a cache key is kept. Conditional GETs
 * get a 304 with no body (docs/reader.md, Fast and fresh). HEAD gets the headers only.
 */
async function send(deps: PublishedRoutesDeps, req: VisitorRequest, res: ServerResponse, answer: ReaderAnswer, status?: number): Promise<void> {
  if (res.headersSent) return;
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  if (answer.kind === 'redirect') {
    const redirectCacheControl = answer.status === 308 ? 'public, max-age=3600' : 'private, no-store';
    setCookies(res, cookiesAllowedBy(redirectCacheControl, answer.cookies));
    res.setHeader('cache-control', redirectCacheControl);
    res.statusCode = answer.status;
    res.setHeader('location', encodeUrl(answer.location));
    res.end();
    return;
  }
  if (answer.kind === 'file') return sendFile(req, res, answer);
  const { entry, answerStatus, cache } =
    answer.kind === 'cached' ? { entry: answer.entry, answerStatus: 200, cache: answer.rendered ? 'miss' : 'hit' } : await encodedAnswer(deps, answer);
  if (res.headersSent) return;
  const headers = entry.stylesheet !== undefined ? pageHeaders(entry.stylesheet, entry.restricted) : textHeaders(entry);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  setCookies(res, cookiesAllowedBy(headers['cache-control'] ?? '', answer.cookies));
  if (cache) res.setHeader('x-reader-cache', cache);
  const finalStatus = status ?? answerStatus;
  const coding = chooseCoding(requestHeader(req, 'accept-encoding'), entry.body);
  const { bytes, etag } = representationOf(entry.body, coding);
  res.setHeader('etag', etag);
  // Only cached kinds know when they were made (a cached 404 or search page is not kept).
  const lastModified = cache ? entry.renderedAt : undefined;
  if (lastModified !== undefined) res.setHeader('last-modified', new Date(lastModified).toUTCString());
  const conditional = { ifNoneMatch: requestHeader(req, 'if-none-match'), ifModifiedSince: requestHeader(req, 'if-modified-since') };
  if (finalStatus === 200 && isNotModified(conditional, entry.body, lastModified)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (coding !== 'identity') res.setHeader('content-encoding', coding);
  res.setHeader('content-length', String(bytes.length));
  res.statusCode = finalStatus;
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
}

/** A file at its content-addressed address: kept for good, its ETag the content's hash, so a revalidation is a 304. */
function sendFile(req: VisitorRequest, res: ServerResponse, answer: FileAnswer): void {
  for (const [name, value] of Object.entries(fileHeaders(answer))) res.setHeader(name, value);
  if (fileNotModified(requestHeader(req, 'if-none-match'), answer.blob)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('content-length', String(answer.bytes.length));
  res.statusCode = 200;
  if (req.method === 'HEAD') res.end();
  else res.end(answer.bytes);
}

type FeedbackRating = 'good' | 'ok' | 'bad';

/** A feedback post: the rating, and the comment when the form body has one. */
interface Feedback {
  rating: FeedbackRating;
  comment?: string;
}

/**
 * The form's `?feedback=` when it is one of the reference's PageFeedbackRating values. In the address,
 * not the body: services take JSON bodies only, and a form cannot send JSON (its buttons' `formaction`).
 */
function feedbackRatingOf(value: unknown): FeedbackRating | undefined {
  return value === 'good' || value === 'ok' || value === 'bad' ? value : undefined;
}

/** The `feedback` parameter of the address, when given once. */
function feedbackParameterOf(url: string | undefined): string | undefined {
  const values = new URL(url ?? '/', 'http://reader.invalid').searchParams.getAll('feedback');
  return values.length === 1 ? values[0] : undefined;
}

/** The address as the visitor asked for it: path and query, as sent. */
function addressOf(req: VisitorRequest): string {
  return req.url ?? '/';
}

function withoutFeedback(originalUrl: string): string {
  const url = new URL(originalUrl, 'http://reader.invalid');
  url.searchParams.delete('feedback');
  return `${url.pathname}${url.search}`;
}

function setCookies(res: ServerResponse, cookies: readonly string[]): void {
  if (cookies.length) res.setHeader('set-cookie', [...cookies]);
}

function textHeaders(entry: CachedAnswer): Record<string, string> {
  return {
    'content-type': entry.contentType,
    'cache-control': cacheControl(entry.restricted),
    vary: 'Accept-Encoding, Cookie',
    ...(entry.noindex ? { 'x-robots-tag': 'noindex' } : {}),
  };
}
