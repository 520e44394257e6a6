import {
  renderFeedbackPage,
  renderNotFoundPage,
  renderSearchPage,
  renderSitePage,
  siteStylesheet,
  type NotFoundPageView,
  type SearchPageView,
  type SiteChromeView,
  type SitePageView,
} from '@quire/page-html';
import { FEEDBACK_COMMENT_MAX } from '../domain/feedback-comment';
import type { ReaderAnswer, VisitOutcome } from '../domain/reader-answer';

// Views → HTML answers. The site's pages come from page-html's layout; the reader's own pages
// (unavailable, sign-in needed, no site) are fixed text around the default stylesheet.

type PageAnswer = Extract<ReaderAnswer, { kind: 'page' }>;

/** A use case's outcome as the visitor's answer. */
export function presentOutcome(outcome: VisitOutcome): ReaderAnswer {
  switch (outcome.kind) {
    case 'redirect':
    case 'file':
    case 'text':
    case 'cached':
      return outcome;
    case 'page':
      return {
        ...presentSitePage(outcome.view, outcome.restricted),
        ...(outcome.visit ? { visit: outcome.visit } : {}),
        ...(outcome.cacheKey ? { cacheKey: outcome.cacheKey } : {}),
        ...(outcome.joinedRender ? { joinedRender: true } : {}),
      };
    case 'not-found':
      return presentNotFound(outcome.view, outcome.restricted);
    case 'search':
      return outcome.visit
        ? { ...presentSearch(outcome.view, outcome.status, outcome.restricted), visit: outcome.visit }
        : presentSearch(outcome.view, outcome.status, outcome.restricted);
    case 'no-site':
      return presentNoSite(outcome.path);
    case 'sign-in-needed':
      return presentSignInNeeded();
    case 'token-too-long':
      return presentTokenTooLong();
    case 'sign-in-failed':
      return { ...presentSignInFailed(outcome.message), cookies: outcome.cookies };
  }
}

export function presentSitePage(view: SitePageView, restricted: boolean): PageAnswer {
  return { kind: 'page', status: 200, html: renderSitePage(view), stylesheet: siteStylesheet(view.site.customization, view.site), restricted };
}

export function presentNotFound(view: NotFoundPageView, restricted: boolean): PageAnswer {
  return { kind: 'page', status: 404, html: renderNotFoundPage(view), stylesheet: siteStylesheet(view.site.customization, view.site), restricted };
}

/** The search page: never indexed (the layout marks it `noindex`), with the site's own headers. */
export function presentSearch(view: SearchPageView, status: 200 | 400, restricted: boolean): PageAnswer {
  return { kind: 'page', status, html: renderSearchPage(view), stylesheet: siteStylesheet(view.site.customization, view.site), restricted };
}

/** No published site at the address: a 404 with no site around it. */
export function presentNoSite(path: string): PageAnswer {
  return presentNotFound({ site: { title: 'Not found', url: '/', searchUrl: '/' }, path }, true);
}

/** A visitor-auth site refused the visitor and has no fallbackURL to send them to. */
export function presentSignInNeeded(): PageAnswer {
  return fixedPage(401, 'Sign-in needed', 'This site is only for signed-in visitors. Open it from the link your organization gave you.');
}

/** A sign-in link whose visitor token cannot be kept in a cookie: refused, rather than sending the visitor round in circles. */
export function presentTokenTooLong(): PageAnswer {
  return fixedPage(
    400,
    'Sign-in link too long',
    'The sign-in token in this link is longer than a browser can keep (4,096 characters), so this site cannot open with it. Ask the site owner for a shorter token.',
  );
}

/** An OpenID Connect callback refused: why, escaped, and no redirect anywhere (a failed sign-in never loops). */
export function presentSignInFailed(message: string): PageAnswer {
  return fixedPage(400, 'Sign-in failed', escapeText(message));
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sites or content did not answer in time. */
export function presentUnavailable(): PageAnswer {
  return fixedPage(503, 'Temporarily unavailable', 'This page cannot be shown right now. Please try again in a moment.');
}

export function presentTooManyRequests(): PageAnswer {
  return fixedPage(429, 'Too many requests', 'This address has asked for too many pages in a short time. Please wait a moment and try again.');
}

const RATING_WORDS = { good: 'helpful', ok: 'somewhat helpful', bad: 'not helpful' } as const;

/**
 * The answer to a feedback post without the reader's script: thanks, and after a rating a form for
 * an optional comment, posted to the page with the same `?feedback=` (the reference's
 * page_post_feedback_comment carries the rating with the comment), in the site's chrome (header,
 * styles, fonts) like its other pages; plain when the chrome could not be read in time. Never
 * stored: it follows a POST.
 */
export function presentFeedbackThanks(chrome: SiteChromeView | undefined, pagePath: string, rating: 'good' | 'ok' | 'bad', commented: boolean): PageAnswer {
  if (chrome) {
    const view = { ...chrome, pageUrl: pagePath, rating, commented, commentMax: FEEDBACK_COMMENT_MAX };
    return { kind: 'page', status: 200, html: renderFeedbackPage(view), stylesheet: siteStylesheet(chrome.site.customization, chrome.site), restricted: true };
  }
  const back = `<p><a href="${escapeText(pagePath)}">Back to the page</a></p>`;
  if (commented) return fixedPage(200, 'Thank you for your feedback.', 'Your comment was sent.', back);
  const form = [
    `<form class="feedback-comment" method="post" action="${escapeText(pagePath)}?feedback=${rating}">`,
    `<label for="feedback-comment">Anything to add? (optional, at most ${FEEDBACK_COMMENT_MAX} characters)</label>`,
    `<textarea id="feedback-comment" name="comment" maxlength="${FEEDBACK_COMMENT_MAX}" rows="4" required></textarea>`,
    '<button type="submit">Send comment</button></form>',
  ].join('');
  return fixedPage(200, 'Thank you for your feedback.', `You found this page ${RATING_WORDS[rating]}.`, form + back);
}

/** A feedback comment the input layer refused: the 400 names the field. */
export function presentFeedbackRefused(message: string): PageAnswer {
  return fixedPage(400, 'Feedback not sent', escapeText(message));
}

function fixedPage(status: 200 | 400 | 401 | 429 | 503, title: string, message: string, more = ''): PageAnswer {
  const stylesheet = siteStylesheet(undefined);
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${title}</title><style>${stylesheet}</style></head>`,
    `<body><main id="content"><h1>${title}</h1><p>${message}</p>${more}</main></body></html>`,
  ].join('\n');
  return { kind: 'page', status, html, stylesheet, restricted: true };
}
