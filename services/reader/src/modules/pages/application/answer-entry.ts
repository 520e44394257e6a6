import { encodeBody, type CachedAnswer } from '../../answer-cache';
import type { ReaderAnswer, TextAnswer } from '../domain/reader-answer';

/** A rendered body answer: an HTML page or a text. */
export type BodyAnswer = Extract<ReaderAnswer, { kind: 'page' }> | TextAnswer;

/** A rendered body answer as the answer cache keeps it: its body compressed once (gzip and brotli) and its strong ETag. */
export async function entryOf(answer: BodyAnswer): Promise<CachedAnswer> {
  return {
    contentType: answer.kind === 'text' ? answer.contentType : 'text/html; charset=utf-8',
    ...(answer.kind === 'page' ? { stylesheet: answer.stylesheet } : {}),
    restricted: answer.restricted,
    noindex: answer.kind === 'text' ? answer.noindex : false,
    renderedAt: Date.now(),
    ...(answer.visit ? { visit: { kind: answer.visit.kind, revision: answer.visit.revision, page: answer.visit.page, ...feedbackFormOf(answer.visit) } } : {}),
    body: await encodeBody(answer.kind === 'text' ? answer.body : answer.html),
  };
}

/** Whether a page offers its feedback form, kept with the page so a rating posted to a kept page is checked too. */
export function feedbackFormOf(visit: { feedbackForm?: boolean }): { feedbackForm?: true } {
  return visit.feedbackForm ? { feedbackForm: true } : {};
}
