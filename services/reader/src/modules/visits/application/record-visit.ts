import type { Visit, VisitRequest } from '../domain/visit';
import { visitEventOf } from '../domain/visit-event';
import { readerDailySalt, visitorCookies, visitorIdsOf } from '../domain/visitor-ids';
import type { VisitSender } from './visit-sender';

export interface RecordVisitDeps {
  sender: VisitSender;
  secret: string;
  clock: () => Date;
}

/**
 * Counts one served answer: derives the visitor and session ids, queues the
 * reference event for insights, and answers the Set-Cookie values that keep the ids (the caller
 * sets them on the answer before sending it). Never waits and never throws for the event's sake.
 */
export function recordVisit(deps: RecordVisitDeps, visit: Visit, request: VisitRequest): string[] {
  const now = deps.clock();
  const ids = visitorIdsOf({
    cookie: request.cookie,
    siteId: visit.site,
    ip: request.ip,
    userAgent: request.userAgent,
    salt: readerDailySalt(deps.secret, now),
  });
  deps.sender.enqueue(visit.organization, visit.site, visitEventOf(visit, request, ids, now));
  return visitorCookies(ids, visit.cookiePath, request.secure);
}
