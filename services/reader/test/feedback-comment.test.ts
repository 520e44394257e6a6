import { siteStylesheet } from '@quire/page-html';
import { feedbackCommentOf } from '../src/modules/pages/http/feedback.schema';
import { presentFeedbackThanks } from '../src/modules/pages/presenters/page.presenter';

describe('a feedback comment', () => {
  it('is absent when the form body has no comment field (the rating alone)', () => {
    expect(feedbackCommentOf(undefined)).toBeUndefined();
    expect(feedbackCommentOf({})).toBeUndefined();
  });

  it('is the trimmed text, 1 to 512 characters; otherwise a 400 naming the field', () => {
    expect(feedbackCommentOf({ comment: '  Missing a step. ' })).toBe('Missing a step.');
    expect(feedbackCommentOf({ comment: '🚀'.repeat(512) })).toHaveLength(1024);
    for (const comment of ['', '   ', 'x'.repeat(513), ['a', 'b']]) {
      expect(() => feedbackCommentOf({ comment })).toThrow(expect.objectContaining({ code: 400, message: expect.stringContaining('"comment"') }));
    }
  });

  it('is asked for after a rating, posted to the page with the same rating; the thanks page escapes the path', () => {
    const asked = presentFeedbackThanks(undefined, '/docs/setup"><x', 'ok', false);
    expect(asked.status).toBe(200);
    expect(asked.restricted).toBe(true);
    expect(asked.html).toContain('action="/docs/setup&#34;&#62;&#60;x?feedback=ok"');
    expect(asked.html).toContain('name="comment" maxlength="512"');
    expect(asked.html).not.toContain('<x');
    const thanked = presentFeedbackThanks(undefined, '/docs/setup', 'good', true);
    expect(thanked.html).toContain('Your comment was sent.');
    expect(thanked.html).not.toContain('<form');
  });

  it("is thanked in the site's chrome: its header and logo, its stylesheet and fonts, the comment form and a link back", () => {
    const font = { family: 'Inter', faces: [{ weight: 400, url: '/docs/~quire/font-inter-400.0a.woff2' }] };
    const chrome = {
      site: {
        title: 'Acme <Docs>',
        url: '/docs/',
        searchUrl: '/docs/~search',
        assetsUrl: '/docs/~quire/',
        font,
        customization: { styling: { primaryColor: { light: '#aa3300', dark: '#aa3300' } }, header: { logo: { light: 'https://cdn.acme.test/logo.png' } } },
      },
      pages: [{ kind: 'document' as const, id: 'p1', title: 'Setup', url: '/docs/setup' }],
    };
    const asked = presentFeedbackThanks(chrome, '/docs/setup', 'ok', false);
    expect([asked.status, asked.restricted]).toEqual([200, true]);
    expect(asked.stylesheet).toBe(siteStylesheet(chrome.site.customization, chrome.site));
    expect(asked.stylesheet).toContain('--primary:#aa3300');
    expect(asked.stylesheet).toContain('body{font-family:"Inter",');
    expect(asked.html).toContain(`<style>${asked.stylesheet}</style>`);
    expect(asked.html).toContain('<header class="site-header"><div class="header-bar"><a href="/docs/" class="site-title">');
    expect(asked.html).toContain('<img src="https://cdn.acme.test/logo.png" alt="Acme &lt;Docs&gt;">');
    expect(asked.html).toContain('<h1>Thank you for your feedback.</h1>');
    expect(asked.html).toContain('<form class="feedback-comment" method="post" action="/docs/setup?feedback=ok">');
    expect(asked.html).toContain('maxlength="512"');
    expect(asked.html).toContain('<a href="/docs/setup">Back to the page</a>');
    expect(asked.html).toContain('name="robots" content="noindex"');
    const thanked = presentFeedbackThanks(chrome, '/docs/setup', 'good', true);
    expect(thanked.html).toContain('Your comment was sent.');
    expect(thanked.html).not.toContain('class="feedback-comment"');
    // Only a path of the site's origin is posted to or linked back to.
    expect(presentFeedbackThanks(chrome, '//evil.test/x', 'ok', false).html).not.toContain('evil.test');
  });
});
