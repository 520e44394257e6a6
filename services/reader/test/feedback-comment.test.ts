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
    const asked = presentFeedbackThanks('/docs/setup"><x', 'ok', false);
    expect(asked.status).toBe(200);
    expect(asked.restricted).toBe(true);
    expect(asked.html).toContain('action="/docs/setup&#34;&#62;&#60;x?feedback=ok"');
    expect(asked.html).toContain('name="comment" maxlength="512"');
    expect(asked.html).not.toContain('<x');
    const thanked = presentFeedbackThanks('/docs/setup', 'good', true);
    expect(thanked.html).toContain('Your comment was sent.');
    expect(thanked.html).not.toContain('<form');
  });
});
